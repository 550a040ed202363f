import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { reportStoresLabel, type Endpoint, type ReportDocument } from '@ipos/contracts';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import type { ReportContext } from './report-context';
import { formatGeneratedAt, formatReportRange } from './report-format';
import type { ReportParams } from './report-params';
import { PeriodPicker, StorePicker } from './report-pickers';
import { ReportPrintCopy } from './report-print';
import { useReportPdf } from './use-report-pdf';

/**
 * The frame of every report: its title, the period and store pickers, Print and Download PDF (the
 * API's PDF of the same query), then the report
 * once it has loaded (a skeleton first; a failure with Try again), with its print copy. The previous
 * period's figures stay (dimmed) while the next ones load.
 */
export function ReportFrame<T extends { scope: ReportDocument['scope'] }>({
  title,
  description,
  params,
  context,
  query,
  toDocument,
  pdf,
  hidePeriod = false,
  children,
}: {
  title: string;
  description: string;
  params: ReportParams;
  context: ReportContext;
  query: UseQueryResult<T>;
  /** The report as a document (contracts): its print copy. */
  toDocument: (data: T) => ReportDocument;
  /** The report's PDF endpoint (contracts `get<Report>ReportPdf`), asked with the screen's query. */
  pdf: Endpoint;
  /** A report taken now (restock) has no period to choose: only the store picker shows. */
  hidePeriod?: boolean;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  const { downloading, downloadPdf } = useReportPdf({ pdf, params, title, hidePeriod });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" disabled={!data} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="default"
            disabled={!data}
            loading={downloading}
            onClick={() => data && void downloadPdf(data.scope)}
          >
            Download PDF
          </Button>
        </Group>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        {hidePeriod ? null : (
          <PeriodPicker key={`${params.preset}:${params.range.from}:${params.range.to}`} params={params} />
        )}
        <StorePicker params={params} context={context} />
      </Group>
      {data ? (
        <Text size="sm" c="dimmed" data-testid="report-scope">
          {formatReportRange(data.scope)} · {reportStoresLabel(data.scope)} · read{' '}
          {formatGeneratedAt(data.scope.generatedAt, context.store.timeZone)}
        </Text>
      ) : null}
      {query.isError && !data ? (
        <LoadError
          title={`The ${title.toLowerCase()} could not be read`}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : !data ? (
        <LoadingCard label={`Loading the ${title.toLowerCase()}`} />
      ) : (
        <Stack
          gap="lg"
          style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}
          aria-busy={query.isPlaceholderData}
        >
          {query.isError ? (
            <LoadError
              title="The figures for this period could not be read"
              error={query.error}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          ) : null}
          {children(data)}
          <ReportPrintCopy document={toDocument(data)} />
        </Stack>
      )}
    </Stack>
  );
}
