import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { reportPdfFileName, type BucketedReportQuery, type Endpoint, type ReportScope } from '@ipos/contracts';
import { apiBlob, apiRequest, type RequestOptions } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { activeStoreId } from '../../../lib/active-store';
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
    queryKey: [...reportsKey, activeStoreId(), endpoint.path, query] as const,
    queryFn: ({ signal }) => apiRequest(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

/** The query of a report with a trend: the period, store and bucket of the URL. */
export function bucketedReportQuery(params: ReportParams): BucketedReportQuery {
  return {
    from: params.range.from,
    to: params.range.to,
    bucket: params.bucket,
    ...(params.storeId ? { storeId: params.storeId } : {}),
  };
}

/** A report with a trend, for the period, store and bucket of the URL. */
export function useBucketedReport<E extends Endpoint<z.ZodType, z.ZodType<unknown, BucketedReportQuery>>>(
  endpoint: E,
  params: ReportParams,
) {
  return useReport(endpoint, bucketedReportQuery(params) as NonNullable<RequestOptions<E>['query']>);
}

/** GET /reports/<report>/pdf for the same query, saved as `sales-report-2026-10-01-to-2026-10-31.pdf`. */
export async function downloadReportPdf(endpoint: Endpoint, query: object, title: string, scope: ReportScope) {
  const blob = await apiBlob(endpoint, { query } as RequestOptions<Endpoint>);
  saveBlob(blob, reportPdfFileName(title, scope));
}
