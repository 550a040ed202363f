import type { Executor } from '../../db/client.js';
import { supportRequests } from '../../db/schema.js';

export async function insertSupportRequest(db: Executor, row: typeof supportRequests.$inferInsert) {
  const [created] = await db
    .insert(supportRequests)
    .values(row)
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  return created!;
}
