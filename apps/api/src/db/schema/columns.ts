import { bigint, customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** The column builders every section of the schema shares, and the column defaults code reads too. */

/** The time zone of a store that names none (the default of stores.time_zone). */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money in integer minor units (kobo, cents), never floats; read as a JS number (safe to 2^53). */
export const money = (name: string) => bigint(name, { mode: 'number' });
/** A quantity with up to 3 decimals (weight, length); code works in integer thousandths. */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
