import type { ServerConfig } from './config';
import type { Db } from './db/connection';

/** What every route and service needs: the database, the configuration and a clock (tests move it). */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  now: () => Date;
}
