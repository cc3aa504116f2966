import { describe, expect, it } from 'vitest';
import { S3FileStore, s3ConfigFromEnv, type S3Config } from './s3.js';

const config: S3Config = {
  bucket: 'acompanha-arquivos',
  region: 'sa-east-1',
  endpoint: 'http://127.0.0.1:9000',
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'secret-example',
  forcePathStyle: true,
};
const now = new Date('2026-11-21T15:00:00Z');

describe('S3FileStore', () => {
  it('presigns a PUT bound to key, content type and size, expiring with the ticket', async () => {
    const store = new S3FileStore(config, 'https://app.example', () => now);
    const up = await store.signUpload({
      key: 'pro_abc_foto.jpg',
      contentType: 'image/jpeg',
      contentSize: 12345,
      expiresAt: new Date(now.getTime() + 600_000),
    });
    const url = new URL(up.url);
    expect(url.origin).toBe('http://127.0.0.1:9000');
    expect(url.pathname).toBe('/acompanha-arquivos/pro_abc_foto.jpg');
    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Expires')).toBe('600');
    expect(q.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\/\d{8}\/sa-east-1\/s3\/aws4_request$/);
    expect(q.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(up.metadata).toEqual({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg', 'If-None-Match': '*' } });
    // the secret never appears in the URL
    expect(up.url).not.toContain('secret-example');
  });

  it('uses virtual-hosted URLs on AWS and a short-lived GET for downloads', () => {
    const store = new S3FileStore(
      { ...config, endpoint: 'https://s3.sa-east-1.amazonaws.com', forcePathStyle: false },
      'https://app.example',
    );
    const get = new URL(store.readUrl('pro_abc_foto.jpg'));
    expect(get.host).toBe('acompanha-arquivos.s3.sa-east-1.amazonaws.com');
    expect(get.pathname).toBe('/pro_abc_foto.jpg');
    expect(get.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(store.downloadUrl('pro_abc_foto.jpg')).toBe('https://app.example/api/file/pro_abc_foto.jpg');
  });

  it('reads its settings from S3_* variables, and refuses half a configuration', () => {
    expect(s3ConfigFromEnv({})).toBeUndefined();
    expect(
      s3ConfigFromEnv({
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'http://minio:9000/',
      }),
    ).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('removes an object with a presigned DELETE, and takes a missing one as removed', async () => {
    const store = new S3FileStore(config, 'https://app.example', () => now);
    const calls: { url: string; method?: string }[] = [];
    const realFetch = globalThis.fetch;
    let status = 204;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method });
      return new Response(null, { status });
    }) as typeof fetch;
    try {
      await store.remove('pro_abc_foto.jpg');
      status = 404;
      await store.remove('pro_abc_foto.jpg');
      status = 403;
      await expect(store.remove('pro_abc_foto.jpg')).rejects.toThrow(/403/);
    } finally {
      globalThis.fetch = realFetch;
    }
    const url = new URL(calls[0]!.url);
    expect(calls[0]!.method).toBe('DELETE');
    expect(url.pathname).toBe('/acompanha-arquivos/pro_abc_foto.jpg');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
