import { useSearchParams } from 'react-router';
import {
  checkReportRange,
  defaultBucket,
  isoDateSchema,
  presetRange,
  reportBuckets,
  reportPresets,
  storeDay,
  type DayRange,
  type ReportBucket,
  type ReportPreset,
} from '@ipos/contracts';
import { z } from 'zod';
import { useSetUrlQuery } from '../../../lib/url-query';

/** The period a report opens on when the URL names none. */
export const DEFAULT_PRESET: Exclude<ReportPreset, 'custom'> = 'this_month';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const customRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema }).superRefine(checkReportRange);

export interface ReportParams {
  preset: ReportPreset;
  /** The period in the store's calendar, both days included. */
  range: DayRange;
  /** `all`, another store's id, or undefined for the active store (as the API takes it). */
  storeId: string | undefined;
  bucket: ReportBucket;
  /** The store's today, from which the presets count. */
  today: string;
  /** The URL's search string for links between reports (the landing's cards keep the period). */
  search: string;
}

/**
 * A report's period, store and bucket, kept in the URL (`?period=last_month`, `?period=custom&from=…
 * &to=…`, `?store=all`, `?bucket=week`) so a report can be shared, bookmarked and reopened, and the
 * landing hands its period to the report it opens. Presets count from the store's today in its zone.
 * A custom range that is not a valid one falls back to the default preset.
 */
export function useReportParams(timeZone: string, now: Date = new Date()): ReportParams {
  const [params] = useSearchParams();
  const today = storeDay(timeZone, now);
  const asked = params.get('period');
  let preset: ReportPreset = reportPresets.includes(asked as ReportPreset) ? (asked as ReportPreset) : DEFAULT_PRESET;
  let range: DayRange;
  if (preset === 'custom') {
    const custom = customRangeSchema.safeParse({ from: params.get('from'), to: params.get('to') });
    if (custom.success) range = custom.data;
    else {
      preset = DEFAULT_PRESET;
      range = presetRange(DEFAULT_PRESET, today);
    }
  } else range = presetRange(preset, today);
  const store = params.get('store');
  const bucketParam = params.get('bucket');
  const bucket = reportBuckets.includes(bucketParam as ReportBucket)
    ? (bucketParam as ReportBucket)
    : defaultBucket(range);
  const search = new URLSearchParams();
  for (const key of ['period', 'from', 'to', 'store']) if (params.get(key) !== null) search.set(key, params.get(key)!);
  return {
    preset,
    range,
    storeId: store === 'all' || (store !== null && UUID.test(store)) ? store : undefined,
    bucket,
    today,
    search: search.size > 0 ? `?${search.toString()}` : '',
  };
}

/** Changes the period, store or bucket in the URL (a new history entry each). */
export function useSetReportParams() {
  const setQuery = useSetUrlQuery();
  return {
    setPreset: (preset: Exclude<ReportPreset, 'custom'>) =>
      setQuery({ period: preset === DEFAULT_PRESET ? null : preset, from: null, to: null }),
    setCustom: (range: DayRange) => setQuery({ period: 'custom', from: range.from, to: range.to }),
    setStore: (storeId: string | undefined) => setQuery({ store: storeId ?? null }),
    setBucket: (bucket: ReportBucket) => setQuery({ bucket }),
  };
}
