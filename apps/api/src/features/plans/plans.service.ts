import {
  formatCount,
  isPlanId,
  limitsExceeded,
  planOf,
  planPrice,
  planResourceLabels,
  plans,
  type BusinessPlan,
  type changePlanBodySchema,
  type CurrencyCode,
  type PlanDefinition,
  type PlanLimitProblem,
  type PlanLimits,
  type PlanResource,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { StoreAccess } from '../../auth/access.js';
import { recordAudit } from '../../audit/audit.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, checkVersion, notFound } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import {
  countActiveProducts,
  countActiveStaff,
  countSalesThisMonth,
  countStores,
  findPlanRow,
  findPlanRowWithUsage,
  updatePlanRow,
  usageOf,
  usageOfOne,
  type PlanRow,
} from './plans.repository.js';

/**
 * Plans (decision 0017): the business's plan and its limits, what it uses of each,
 * and the one check every call site that adds something limited makes (`assertPlanAllows`).
 */

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

/** "3 stores", "1 active product". */
const amount = (resource: PlanResource, n: number) =>
  `${formatCount(n)} ${n === 1 ? planResourceLabels[resource].unit : planResourceLabels[resource].units}`;

function currentPlan(row: PlanRow): PlanDefinition {
  // The database refuses any other value (businesses_plan_known); a plan removed from the list would
  // be a deployment error, not the business's.
  if (!isPlanId(row.plan)) throw new Error(`Unknown plan ${row.plan}`);
  return planOf(row.plan);
}

async function loadPlan(db: Executor, businessId: string, lock = false) {
  const row = await findPlanRow(db, businessId, { lock });
  if (!row) throw notFound('The business');
  return row;
}

const summaryOf = (plan: PlanDefinition, currency: CurrencyCode) => ({
  id: plan.id,
  name: plan.name,
  summary: plan.summary,
  limits: { ...plan.limits },
  price: planPrice(plan, currency),
});

function toBusinessPlan(row: PlanRow, usage: PlanLimits): BusinessPlan {
  const currency = row.currency as CurrencyCode;
  return {
    plan: summaryOf(currentPlan(row), currency),
    usage,
    plans: plans.map((p) => summaryOf(p, currency)),
    changedAt: row.planChangedAt ? new Date(row.planChangedAt).toISOString() : null,
    version: row.planVersion,
  };
}

function planLimitReached(plan: PlanDefinition, over: PlanLimitProblem['limits'], message: string) {
  const extra: PlanLimitProblem = { plan: plan.id, limits: over };
  return new AppError('PLAN_LIMIT_REACHED', message, extra);
}

export async function getPlan(db: Executor, scope: Pick<Scope, 'businessId'>): Promise<BusinessPlan> {
  const row = await loadPlan(db, scope.businessId);
  return toBusinessPlan(row, await usageOf(db, scope.businessId));
}

/**
 * Changes the plan at the version read, under the business row's lock (so no counted addition
 * slips in between the count and the change). A plan below what the business holds is refused,
 * naming every limit it would pass, and nothing is written.
 */
export async function changePlanIn(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof changePlanBodySchema>,
): Promise<BusinessPlan> {
  const row = await loadPlan(tx, scope.businessId, true);
  checkVersion('the plan', row.planVersion, body.version);
  const usage = await usageOf(tx, scope.businessId);
  const from = currentPlan(row);
  const to = planOf(body.plan);
  if (from.id === to.id) return toBusinessPlan(row, usage);
  const over = limitsExceeded(to, usage);
  if (over.length > 0)
    throw planLimitReached(
      to,
      over.map((resource) => ({ resource, limit: to.limits[resource], usage: usage[resource] })),
      `The ${to.name} plan allows ${over
        .map((r) => `${amount(r, to.limits[r])} (the business has ${formatCount(usage[r])})`)
        .join(', ')}: bring ${over.length === 1 ? 'it' : 'them'} within the plan first, or choose a larger plan`,
    );
  const at = deps.now();
  await updatePlanRow(tx, scope.businessId, to.id, at);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'business.plan_changed',
    entity: 'business',
    entityId: scope.businessId,
    before: { plan: from.id, limits: from.limits },
    after: { plan: to.id, limits: to.limits },
  });
  return toBusinessPlan(await loadPlan(tx, scope.businessId), usage);
}

const counters: Record<PlanResource, (businessId: string) => ReturnType<typeof countStores>> = {
  stores: countStores,
  staff: countActiveStaff,
  products: countActiveProducts,
  salesPerMonth: countSalesThisMonth,
};

/**
 * The one plan check: adding `adding` of `resource` keeps the business within its plan, else a 409
 * PLAN_LIMIT_REACHED naming the limit, the plan and the usage. Call it in the transaction of the
 * addition, before anything is written, so a refusal writes nothing.
 *
 * - stores, staff, products: the business row is locked (FOR NO KEY UPDATE) before counting, so two
 *   concurrent additions cannot both take the last place; these are rare and per business.
 * - salesPerMonth: no lock — a till must never wait for another. The month's count is read from the
 *   day summaries; concurrent sales at the very edge may each pass, so the limit can be passed by at
 *   most the sales in flight at that moment (decision 0017).
 *
 * Call sites: staff create and reactivation, product create and restore, the product CSV import
 * (its net addition, all-or-nothing), POST /sales. Adding a store (admin mode) calls it with 'stores'.
 */
export async function assertPlanAllows(
  tx: Executor,
  businessId: string,
  resource: PlanResource,
  adding = 1,
): Promise<void> {
  const refusal = await planRefusal(tx, businessId, resource, adding, { lock: resource !== 'salesPerMonth' });
  if (refusal) throw refusal;
}

/**
 * Takes the business row's plan lock (the one `assertPlanAllows` takes for stores, staff and
 * products) ahead of other row locks, where a caller would otherwise take it after them.
 */
export async function lockPlanOf(tx: Executor, businessId: string): Promise<void> {
  await loadPlan(tx, businessId, true);
}

/**
 * The refusal `assertPlanAllows` would throw, or null. Without `lock` it only reads (an import's
 * preview warns with it; the commit checks again under the lock).
 */
export async function planRefusal(
  db: Executor,
  businessId: string,
  resource: PlanResource,
  adding: number,
  { lock }: { lock: boolean },
): Promise<AppError | null> {
  if (adding <= 0) return null;
  const count = counters[resource](businessId);
  // Locked: counted only once the lock is ours. Unlocked (every sale): the plan and the count together.
  const read = lock
    ? { ...(await loadPlan(db, businessId, true)), usage: await usageOfOne(db, businessId, count) }
    : await findPlanRowWithUsage(db, businessId, count);
  if (!read) throw notFound('The business');
  const { usage, ...row } = read;
  const plan = currentPlan(row);
  const limit = plan.limits[resource];
  if (usage + adding <= limit) return null;
  const label = planResourceLabels[resource];
  const what =
    resource === 'salesPerMonth'
      ? `${amount(resource, limit)}; the business has recorded ${formatCount(usage)}`
      : `${amount(resource, limit)}; the business has ${formatCount(usage)}${adding > 1 ? ` and this would add ${formatCount(adding)}` : ''}`;
  return planLimitReached(
    plan,
    [{ resource, limit, usage }],
    `${label.name}: the ${plan.name} plan allows ${what}. An administrator can choose a larger plan in Settings → Plan to raise the limit`,
  );
}
