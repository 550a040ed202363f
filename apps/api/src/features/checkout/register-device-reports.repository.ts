import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { registerDeviceReports } from '../../db/schema.js';

export type RegisterDeviceReportRow = typeof registerDeviceReports.$inferSelect;

/** Keeps a device's newest report on a session (one row per session and device). */
export async function upsertDeviceReport(
  db: Executor,
  row: Omit<typeof registerDeviceReports.$inferInsert, 'reportedAt'> & { reportedAt: Date | SQL },
) {
  await db
    .insert(registerDeviceReports)
    .values(row)
    .onConflictDoUpdate({
      target: [registerDeviceReports.businessId, registerDeviceReports.sessionId, registerDeviceReports.deviceId],
      set: {
        pendingSales: row.pendingSales,
        needsAttention: row.needsAttention,
        lastSyncedAt: row.lastSyncedAt,
        reportedAt: row.reportedAt,
        reportedBy: row.reportedBy,
      },
    });
}

/** The newest report of each of these sessions (any device), by session id. */
export async function latestDeviceReports(
  db: Executor,
  businessId: string,
  sessionIds: string[],
): Promise<Map<string, RegisterDeviceReportRow>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([registerDeviceReports.sessionId])
    .from(registerDeviceReports)
    .where(and(eq(registerDeviceReports.businessId, businessId), inArray(registerDeviceReports.sessionId, sessionIds)))
    .orderBy(registerDeviceReports.sessionId, desc(registerDeviceReports.reportedAt));
  return new Map(rows.map((r) => [r.sessionId, r]));
}
