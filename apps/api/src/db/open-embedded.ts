/** The operator's commands open the embedded database themselves when no server holds it. */
import path from 'node:path';
import { connectDatabase, startEmbeddedDatabase, type DatabaseHandle, type EmbeddedDatabase } from './client.js';
import { dataDirHolder, lockDataDir } from './lock.js';

/** Opens `<dataDir>/pglite` when no server holds it, taking the folder's lock until `close()`. */
export async function openEmbedded(dataDir: string): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const unlock = lockDataDir(dataDir);
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = await startEmbeddedDatabase(path.join(dataDir, 'pglite'));
    const handle = connectDatabase(embedded.connectionString, { max: embedded.maxConnections });
    return {
      handle,
      async close() {
        await handle.close();
        await embedded!.stop();
        unlock();
      },
    };
  } catch (err) {
    await embedded?.stop();
    unlock();
    throw err;
  }
}

/**
 * The database an operator's command works on: PostgreSQL at `url`, else the embedded one in `dataDir` when no
 * server holds it (`busy` says what to do when one does).
 */
export async function openForCommand(
  url: string | undefined,
  dataDir: string,
  busy: (pid: number) => string,
): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  if (url) {
    const handle = connectDatabase(url, { max: 2 });
    return { handle, close: () => handle.close() };
  }
  const holder = dataDirHolder(dataDir);
  if (holder) throw new Error(busy(holder));
  return openEmbedded(dataDir);
}
