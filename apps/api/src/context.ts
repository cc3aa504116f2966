import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { TokenService } from './auth/tokens.js';

/** What every route plugin receives. `db` throws when the app was built without a database (OpenAPI generation). */
export interface AppContext {
  readonly db: Db;
  readonly mailer: Mailer;
  readonly config: AppConfig;
  readonly tokens: TokenService;
}
