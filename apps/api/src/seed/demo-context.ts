import type { Executor } from '../db/client.js';
import type { Actor } from '../http/context.js';

/**
 * What the demo seed made before the purchasing, waste and invoice records (seeded last, in the same
 * transaction, through the services' own in-transaction functions so they obey the same rules).
 */
export interface DemoContext {
  tx: Executor;
  businessId: string;
  now: Date;
  stores: { lekki: string; ikeja: string };
  /** Account ids of the demo people (demoAccounts in demo.ts). */
  accounts: { owner: string; admin: string; manager: string; cashier: string; newhire: string };
  customers: { id: string; name: string }[];
  vendors: { id: string; name: string }[];
  /** An actor for audit events: the demo person doing it. */
  actorFor(accountId: string): Actor;
}
