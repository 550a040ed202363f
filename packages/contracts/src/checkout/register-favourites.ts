import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { registerSellableSchema } from './sellables.js';

/**
 * The register's first screen (decision 0037): the store's favourites, the items a manager pinned in
 * the order they chose; or, while none is pinned, the store's best sellers, what sold most (by
 * quantity, less refunds) over its last 30 days. Per store: each store sells its own things.
 */

/** At most this many favourites in a store: the tiles of one screen. */
export const REGISTER_FAVOURITES_MAX = 24;
/** Best sellers are what sold most over the store's last this-many calendar days, today included. */
export const BEST_SELLER_DAYS = 30;

export const registerFavouritesSchema = z.object({
  /** What the items are: the pinned favourites, or (none pinned) the best sellers. */
  kind: z.enum(['favourites', 'best-sellers']),
  /**
   * The tiles, first first: the favourites still sold (one archived since is left out), or the best
   * sellers, most sold first; priced and stocked for the store as the register's search gives them.
   */
  items: z.array(registerSellableSchema),
  /** The favourites' version, sent back with a change (0: never set in this store). */
  version: z.number().int().min(0),
});
export type RegisterFavourites = z.infer<typeof registerFavouritesSchema>;

export const getRegisterFavourites = defineEndpoint({
  method: 'GET',
  path: '/api/v1/register-favourites',
  summary:
    "The active store's register tiles: the favourites a manager pinned, in their order, or while none is pinned its best sellers of the last 30 days",
  tags: ['checkout'],
  access: 'checkout.sell',
  status: 200,
  response: registerFavouritesSchema,
});

export const setRegisterFavouritesBodySchema = z.strictObject({
  /** The version read; a list changed since is a 409 VERSION_CONFLICT. */
  version: z.number().int().min(0),
  /** The variants to pin, in the order the tiles show them; empty unpins all (best sellers show). */
  variantIds: z
    .array(z.string().uuid())
    .max(REGISTER_FAVOURITES_MAX, `At most ${REGISTER_FAVOURITES_MAX} favourites`)
    .refine((ids) => new Set(ids).size === ids.length, 'An item is pinned once'),
});
export type SetRegisterFavouritesBody = z.input<typeof setRegisterFavouritesBodySchema>;

export const setRegisterFavourites = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/register-favourites',
  summary:
    "Pin the active store's register favourites, in order (the whole list; empty unpins all): each a sellable variant of the business",
  tags: ['checkout'],
  access: 'settings.store',
  body: setRegisterFavouritesBodySchema,
  status: 200,
  response: registerFavouritesSchema,
});
