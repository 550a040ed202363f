import type { Config } from '../config/config.js';
import type { Database } from '../db/client.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import type { Mailer } from '../mail/mailer.js';
import type { Backups } from '../db/backups/backup-schedule.js';

/** What every service needs from the outside world; built once in main (or in a test). */
export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenVerifier;
  mailer: Mailer;
  /** Injected so tests can move time (expiry of reset links, rate-limit windows). */
  now: () => Date;
  /** The embedded database's backups, when they are on (BACKUPS and no DATABASE_URL). */
  backups?: Backups;
}

/** Who did it, for the audit trail. */
export interface Actor {
  accountId: string | null;
  /** The signed-in person's name, as read with the account (an answer naming them need not read it again). */
  name?: string;
  requestId: string;
  ip: string;
  /**
   * When the person acted, for records of the past (the demo seed's ninety days of purchasing and
   * waste); unset for live requests, which the database's clock stamps (lib/clock.ts `actedAt`).
   */
  at?: Date;
}
