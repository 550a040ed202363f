import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import {
  checkReportRange,
  isoDateSchema,
  reportPresetLabels,
  reportPresets,
  type ReportBucket,
  type ReportPreset,
} from '@ipos/contracts';
import { z } from 'zod';
import type { ReportContext } from './report-context';
import { useSetReportParams, type ReportParams } from './report-params';

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

/** Which store the report covers: this one, another where I may read reports, or all (the owner). */
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
