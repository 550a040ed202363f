import { STORE_HEADER, supportCategoryLabels, type createSupportRequestBodySchema } from '@ipos/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../audit/audit.js';
import { findStoreAccess } from '../../auth/access.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { newId } from '../../lib/ids.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import type { AccountRow } from '../../tenancy/accounts.js';
import { insertSupportRequest } from './support.repository.js';

/**
 * Support requests (decision 0016): stored as sent, then mailed to SUPPORT_EMAIL
 * from the outbox (so a request is never lost to a mail failure) with a copy to the person.
 */

type Body = z.output<typeof createSupportRequestBodySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Enough for anyone with a real problem; not enough to flood the support inbox. */
const SUPPORT_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };

export const supportReference = (id: string) => `SUP-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;

/** The active store named by the app, when it names one: checked like every store request (404 if not theirs). */
async function storeOf(deps: AppDeps, account: AccountRow, request: FastifyRequest) {
  const header = request.headers[STORE_HEADER];
  const storeId = typeof header === 'string' ? header.trim().toLowerCase() : '';
  if (!storeId) return undefined;
  if (!UUID.test(storeId))
    throw new AppError('VALIDATION_FAILED', `${STORE_HEADER} must be a store id`, {
      errors: [{ field: `headers.${STORE_HEADER}`, message: 'Not a store id' }],
    });
  const store = await findStoreAccess(deps.database.db, account.id, storeId);
  if (!store) throw notFound('The store');
  return store;
}

export async function createSupportRequest(
  deps: AppDeps,
  actor: Actor,
  account: AccountRow,
  request: FastifyRequest,
  body: Body,
) {
  const db = deps.database.db;
  const store = await storeOf(deps, account, request);
  await enforceRateLimit(db, `support:account:${account.id}`, SUPPORT_LIMIT, deps.now());
  const systemInfo = {
    ...body.systemInfo,
    business: store ? { id: store.businessId, name: store.businessName } : null,
    store: store ? { id: store.storeId, name: store.storeName, alias: store.storeAlias, role: store.roleName } : null,
  };
  const id = newId();
  const reference = supportReference(id);
  const created = await db.transaction(async (tx) => {
    const row = await insertSupportRequest(tx, {
      id,
      accountId: account.id,
      businessId: store?.businessId ?? null,
      storeId: store?.storeId ?? null,
      subject: body.subject,
      category: body.category,
      message: body.message,
      systemInfo,
    });
    const info = [
      `App version: ${body.systemInfo.appVersion}${body.systemInfo.environment ? ` (${body.systemInfo.environment})` : ''}`,
      `Business: ${store ? `${store.businessName} (${store.businessId})` : 'none named'}`,
      `Store: ${store ? `${store.storeName} [${store.storeAlias}] (${store.storeId}), role ${store.roleName}` : 'none named'}`,
      body.systemInfo.page && `Page: ${body.systemInfo.page}`,
      body.systemInfo.userAgent && `Browser: ${body.systemInfo.userAgent}`,
      body.systemInfo.language && `Language: ${body.systemInfo.language}`,
      body.systemInfo.timeZone && `Time zone: ${body.systemInfo.timeZone}`,
      body.systemInfo.screen && `Screen: ${body.systemInfo.screen}`,
    ].filter(Boolean);
    await deps.mailer.enqueue(tx, {
      to: deps.config.supportEmail,
      subject: `[${reference}] ${supportCategoryLabels[body.category]}: ${body.subject}`,
      text: `From: ${account.name} <${account.email}>${account.phone ? `, ${account.phone}` : ''} (account ${account.id})\nCategory: ${supportCategoryLabels[body.category]}\nSubject: ${body.subject}\n\n${body.message}\n\n-- System information\n${info.join('\n')}\n`,
    });
    await deps.mailer.enqueue(tx, {
      to: account.email,
      subject: `We received your message (${reference})`,
      text: `Hello ${account.name},\n\nThank you for writing to iPos support. Your message "${body.subject}" is recorded as ${reference}; quote it if you write again. We answer at this address.\n\niPos`,
    });
    await recordAudit(tx, actor, {
      businessId: store?.businessId ?? null,
      storeId: store?.storeId ?? null,
      action: 'support.request_sent',
      entity: 'support_request',
      entityId: id,
      after: { subject: body.subject, category: body.category, reference },
    });
    return row;
  });
  void deps.mailer.flush(db).catch(() => undefined);
  return { id, reference, createdAt: created.createdAt.toISOString() };
}
