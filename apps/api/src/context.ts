import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { TokenService } from './session/tokens.js';
import type { FileAccess } from './file/access.js';
import type { FileStores } from './file/stores.js';
import type { PaymentGateway } from './payment/gateway/port.js';
import type { SummaryCache } from './lib/summary-cache.js';

/** What every route plugin receives. `db` throws when the app was built without a database (OpenAPI generation). */
export interface AppContext {
  readonly db: Db;
  readonly mailer: Mailer;
  readonly config: AppConfig;
  readonly tokens: TokenService;
  /** Signed read links (and the check of one). */
  readonly files: FileAccess;
  /** Where uploads are kept: the local folder, or the S3-compatible bucket when configured. */
  readonly storage: FileStores;
  /** The payment gateway (Asaas, or the local stand-in), built on first use. */
  readonly gateway: () => Promise<PaymentGateway>;
  /** The summarising reads of this process, kept under the versions of the data they read (SummaryCache). */
  readonly summaries: SummaryCache;
}
