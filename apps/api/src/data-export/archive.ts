/**
 * A ZIP written straight to a file on disk, one entry after another, never held in memory (fflate's streaming
 * `Zip`). fflate pushes its output synchronously; every write here waits for the file stream to drain, so a large
 * upload copied into the archive goes through in small pieces whatever its size.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const encoder = new TextEncoder();

/** An entry being written: pieces of text or bytes, then `end`. */
export interface ZipEntry {
  write(data: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export class ZipWriter {
  private readonly out: fs.WriteStream;
  private readonly zip: Zip;
  private failure: Error | undefined;
  private readonly finished: Promise<void>;

  constructor(
    path: string,
    private readonly mtime: Date,
  ) {
    this.out = fs.createWriteStream(path);
    this.finished = new Promise((resolve, reject) => {
      this.out.once('finish', resolve);
      this.out.once('error', reject);
    });
    // A failure surfaces at the next write (never an unhandled rejection).
    this.finished.catch((err: unknown) => {
      this.failure ??= err as Error;
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure ??= err;
        return;
      }
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    if (this.failure) throw this.failure;
  }

  /** Opens an entry; compressed unless it is already compressed data (a photo, a PDF). */
  entry(name: string, compress = true): ZipEntry {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    file.mtime = this.mtime;
    this.zip.add(file);
    return {
      write: async (data) => {
        file.push(typeof data === 'string' ? encoder.encode(data) : data);
        await this.drain();
      },
      end: async () => {
        file.push(new Uint8Array(0), true);
        await this.drain();
      },
    };
  }

  /** A whole small entry at once. */
  async file(name: string, content: string | Uint8Array): Promise<void> {
    const e = this.entry(name);
    await e.write(content);
    await e.end();
  }

  /** An entry copied from a stream, piece by piece. */
  async stream(name: string, source: AsyncIterable<Uint8Array | string>, compress: boolean): Promise<void> {
    const e = this.entry(name, compress);
    for await (const chunk of source) await e.write(chunk);
    await e.end();
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.zip.end();
    await this.finished;
    if (this.failure) throw this.failure;
  }

  /** Stops writing (the caller removes the file). */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }
}

/** Types whose bytes are already compressed: stored as they are. */
export const isCompressed = (contentType: string) =>
  /^(image\/(jpeg|png|webp|gif|heic|heif)|video\/|audio\/|application\/(pdf|zip|gzip))/.test(contentType);
