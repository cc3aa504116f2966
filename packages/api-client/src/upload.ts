import type { SignedUrlResponse } from './gen/types.gen';

/**
 * PUTs a file to the address `POST /file/signed-url` returned, reporting progress in percent
 * (fetch cannot report upload progress). Pass `xhrRef` to be able to abort; an abort rejects with
 * an `AbortError` DOMException. Shared by the portal (images) and the survey (answer files).
 */
export function putSignedFile(
  file: File,
  upload: SignedUrlResponse['uploadData'],
  onProgress: (percent: number) => void,
  xhrRef?: { current: XMLHttpRequest | null },
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (xhrRef) xhrRef.current = xhr;
    xhr.open(upload.metadata.method, upload.url);
    for (const [name, value] of Object.entries(upload.metadata.headers ?? {})) xhr.setRequestHeader(name, value);
    if (!upload.metadata.headers?.['Content-Type']) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(file);
  });
}
