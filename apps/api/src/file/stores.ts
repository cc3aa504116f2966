import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { S3FileStore } from './s3.js';
import { LocalFileStore, type FileStore } from './store.js';

/** The app's file stores: uploads go to the S3-compatible bucket when `S3_*` is set, else to the local folder. */
export interface FileStores {
  local: LocalFileStore;
  s3?: S3FileStore;
  /** The one in use. */
  store: FileStore;
}

export function createFileStores(getDb: () => Db, config: AppConfig): FileStores {
  const local = new LocalFileStore(getDb, config);
  const s3 = config.s3 ? new S3FileStore(config.s3, config.publicUrl, config.now) : undefined;
  return { local, s3, store: s3 ?? local };
}
