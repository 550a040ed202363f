import type { Executor } from '../db/client.js';
import type { Actor } from '../http/context.js';

/**
 * What the demo seed made before the purchasing, waste, transfer and invoice records (seeded in the same
 * transaction through the services' own in-transaction functions, so they obey the same rules: the
 * purchasing, waste and transfers at their times among the history's sales, the invoices last).
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
  /** The demo person doing it, for the audit trail; at a time of the past when given (`Actor.at`). */
  actorFor(accountId: string, at?: Date): Actor;
}
