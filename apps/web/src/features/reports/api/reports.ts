import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BucketedReportQuery, Endpoint } from '@ipos/contracts';
import { apiRequest, type RequestOptions } from '../../../lib/api-client';
import { readStored, storageKeys } from '../../../lib/storage';
import type { ReportParams } from '../components/report-params';

/**
 * The report endpoints (packages/contracts/src/reports) as TanStack Query hooks. Figures belong to
 * the active store (its id is in every key) and change with every sale, so they are read fresh each
 * time a report opens; the previous period stays on screen while the next one loads.
 */
export const reportsKey = ['reports'] as const;

export function useReport<E extends Endpoint>(
  endpoint: E,
  query: NonNullable<RequestOptions<E>['query']>,
  enabled = true,
) {
  return useQuery({
    queryKey: [...reportsKey, readStored(storageKeys.storeId), endpoint.path, query] as const,
    queryFn: ({ signal }) => apiRequest(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

/** A report with a trend, for the period, store and bucket of the URL. */
export function useBucketedReport<E extends Endpoint<z.ZodType, z.ZodType<unknown, BucketedReportQuery>>>(
  endpoint: E,
  params: ReportParams,
) {
  const query: BucketedReportQuery = {
    from: params.range.from,
    to: params.range.to,
    bucket: params.bucket,
    ...(params.storeId ? { storeId: params.storeId } : {}),
  };
  return useReport(endpoint, query as NonNullable<RequestOptions<E>['query']>);
}
