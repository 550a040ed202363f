import { Group, Progress, Stack, Text } from '@mantine/core';
import { planResourceLabels, planResources, type PlanLimits, type PlanResource } from '@ipos/contracts';
import { formatCount } from '../../../lib/format';

/** "Stores: 2 of 3": the meter's accessible name and its visible words are the same. */
export const usageLabel = (resource: PlanResource, usage: number, limit: number) =>
  `${planResourceLabels[resource].name}: ${formatCount(usage)} of ${formatCount(limit)}`;

function meterColor(usage: number, limit: number) {
  if (usage >= limit) return 'red';
  if (usage >= limit * 0.8) return 'yellow';
  return 'teal';
}

const notes: Partial<Record<PlanResource, string>> = {
  staff: 'People who can sign in to the business, the owner included; deactivated people do not count.',
  products: 'Archived products do not count.',
  salesPerMonth: 'Counted in each store’s calendar month; a voided sale does not count. Starts again on the 1st.',
};

/** One meter per limit of the plan: what the business uses of it. */
export function PlanUsage({ usage, limits }: { usage: PlanLimits; limits: PlanLimits }) {
  return (
    <Stack gap="md">
      {planResources.map((resource) => {
        const used = usage[resource];
        const limit = limits[resource];
        const label = usageLabel(resource, used, limit);
        return (
          <Stack key={resource} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={500}>{planResourceLabels[resource].name}</Text>
              <Text c={used >= limit ? 'red' : undefined} fw={used >= limit ? 600 : undefined}>
                {formatCount(used)} of {formatCount(limit)}
                {used >= limit ? ' — limit reached' : ''}
              </Text>
            </Group>
            <Progress
              value={limit > 0 ? Math.min(100, (used / limit) * 100) : 100}
              color={meterColor(used, limit)}
              size="lg"
              radius="sm"
              aria-label={label}
            />
            {notes[resource] && (
              <Text size="xs" c="dimmed">
                {notes[resource]}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
