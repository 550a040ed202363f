import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../http/context.js';

/**
 * When an actor's change happened, for the timestamps a service writes itself (created, received,
 * closed, decided): the time a back-dated actor carries (`Actor.at`, the demo seed writing the past)
 * or else the database's clock, which stamps a live write with its transaction's start. The audit
 * event (`recordAudit`) and the stock movements (`moveStock`) take the same time from the same actor,
 * so a document, its movements and its audit rows agree.
 */
export const actedAt = (actor: Pick<Actor, 'at'>): Date | SQL => actor.at ?? sql`now()`;
