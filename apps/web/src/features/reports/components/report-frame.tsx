import { useState, type ReactNode } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  checkReportRange,
  isoDateSchema,
  reportPresetLabels,
  reportPresets,
  reportStoresLabel,
  type ActiveStore,
  type Endpoint,
  type ReportBucket,
  type ReportDocument,
  type ReportPreset,
} from '@ipos/contracts';
import { z } from 'zod';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useSetReportParams, type ReportParams } from './report-params';
import { formatGeneratedAt, formatReportRange } from './report-format';
import { ReportPrintCopy } from './report-print';
import { showApiError } from '../../../components/toast';
import { bucketedReportQuery, downloadReportPdf } from '../api/reports';

/** A store a report may cover besides the active one (same business, reports.view there). */
export interface ReportStoreChoice {
  id: string;
  name: string;
}

/** What the route gives every report screen: the active store and the stores it may choose. */
export interface ReportContext {
  store: ActiveStore;
  /** The business's stores where I may read reports (the active one included). */
  stores: ReportStoreChoice[];
  /** The owner may see every store at once. */
  canSeeAllStores: boolean;
}

const rangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema }).superRefine(checkReportRange);

/** The period: a preset, or two days and Apply. */
export function PeriodPicker({ params }: { params: ReportParams }) {
  const set = useSetReportParams();
  const [custom, setCustom] = useState(params.range);
  const [editing, setEditing] = useState(params.preset === 'custom');
  const checked = rangeSchema.safeParse(custom);
  const error = checked.success ? null : checked.error.issues[0]?.message;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Period"
        data={reportPresets.map((p) => ({ value: p, label: reportPresetLabels[p] }))}
        value={editing ? 'custom' : params.preset}
        allowDeselect={false}
        w={160}
        onChange={(value) => {
          const preset = value as ReportPreset;
          if (preset === 'custom') {
            setCustom(params.range);
            setEditing(true);
          } else {
            setEditing(false);
            set.setPreset(preset);
          }
        }}
      />
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (checked.success) set.setCustom(checked.data);
          }}
        >
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={custom.from}
              max={params.today}
              onChange={(e) => setCustom({ ...custom, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={custom.to}
              max={params.today}
              error={error}
              onChange={(e) => setCustom({ ...custom, to: e.currentTarget.value })}
            />
            <Button type="submit" variant="default" disabled={!checked.success}>
              Apply
            </Button>
          </Group>
        </form>
      ) : null}
    </Group>
  );
}

export function StorePicker({ params, context }: { params: ReportParams; context: ReportContext }) {
  const set = useSetReportParams();
  const others = context.stores.filter((s) => s.id !== context.store.id);
  if (others.length === 0 && !context.canSeeAllStores) return null;
  const data = [
    { value: '', label: `${context.store.name} (this store)` },
    ...others.map((s) => ({ value: s.id, label: s.name })),
    ...(context.canSeeAllStores ? [{ value: 'all', label: 'All stores' }] : []),
  ];
  return (
    <Select
      label="Store"
      data={data}
      value={params.storeId ?? ''}
      allowDeselect={false}
      w={220}
      onChange={(value) => set.setStore(value ? value : undefined)}
    />
  );
}

/** Day, week or month buckets for the trend. */
export function BucketPicker({ params }: { params: ReportParams }) {
  const set = useSetReportParams();
  return (
    <SegmentedControl
      aria-label="Group by"
      size="xs"
      value={params.bucket}
      onChange={(value) => set.setBucket(value as ReportBucket)}
      data={[
        { value: 'day', label: 'Day' },
        { value: 'week', label: 'Week' },
        { value: 'month', label: 'Month' },
      ]}
    />
  );
}

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
  const [downloading, setDownloading] = useState(false);
  const downloadPdf = async (scope: ReportDocument['scope']) => {
    setDownloading(true);
    try {
      const storeOnly = params.storeId ? { storeId: params.storeId } : {};
      await downloadReportPdf(pdf, hidePeriod ? storeOnly : bucketedReportQuery(params), title, scope);
    } catch (error) {
      showApiError(error, 'Could not get the PDF');
    } finally {
      setDownloading(false);
    }
  };
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
