import type { RegisterDeviceReport } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { actedAt } from '../../lib/clock.js';
import { iso, isoOrNull } from '../../lib/records.js';
import type { RegisterDeviceReportRow } from './register-device-reports.repository.js';
import { upsertDeviceReport } from './register-device-reports.repository.js';
import { findSession } from './registers.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

/**
 * PUT /register-sessions/:id/device-report: a till's device says how many of the session's sales it
 * still holds (waiting for the server, or refused), so the managers' list of open registers shows a
 * till with sales stuck on it. The session must be the active store's (another store's or
 * business's is a 404); any status, since a closed session may still receive sales sold before it
 * closed. Each report replaces the device's last one; the server's clock dates it.
 */
export async function reportRegisterDevice(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  sessionId: string,
  body: { deviceId: string; pendingSales: number; needsAttention: number; lastSyncedAt: string | null },
): Promise<null> {
  const db = deps.database.db;
  if (!(await findSession(db, scope, sessionId))) throw notFound('The register session');
  await upsertDeviceReport(db, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    sessionId,
    deviceId: body.deviceId,
    pendingSales: body.pendingSales,
    needsAttention: body.needsAttention,
    lastSyncedAt: body.lastSyncedAt ? new Date(body.lastSyncedAt) : null,
    reportedAt: actedAt(actor),
    reportedBy: actor.accountId,
  });
  return null;
}

/** A report as the register session shows it. */
export function toDeviceReport(row: RegisterDeviceReportRow | undefined): RegisterDeviceReport | null {
  if (!row) return null;
  return {
    pendingSales: row.pendingSales,
    needsAttention: row.needsAttention,
    lastSyncedAt: isoOrNull(row.lastSyncedAt),
    reportedAt: iso(row.reportedAt),
  };
}
