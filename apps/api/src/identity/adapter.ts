import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Executor } from '../db/client.js';
import { oidcPayloads } from '../db/schema.js';

/** Models whose rows belong to a grant, so that revoking the grant can delete them. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** How often (in upserts, per process) expired rows are swept; find() already ignores them. */
const SWEEP_EVERY = 500;
let upsertsSinceSweep = 0;

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in `oidc_payloads`, so that
 * every replica and every restart sees the same state. One instance per model, as the provider asks.
 *
 * Expiry uses the process clock, like the provider itself (its `exp` values come from Date.now()).
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Executor,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = Date.now();
    const row = {
      payload,
      grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: this.model === 'Session' ? (payload.uid ?? null) : null,
      expiresAt: typeof expiresIn === 'number' ? new Date(now + expiresIn * 1000) : null,
      // A fresh save replaces the whole artefact, as the provider's own memory adapter does.
      consumedAt: null,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    if (++upsertsSinceSweep >= SWEEP_EVERY) {
      upsertsSinceSweep = 0;
      await this.db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date(now)));
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, this.model),
          condition,
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    // The provider reads `consumed` (epoch seconds) to detect reuse of codes and rotated refresh tokens.
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
