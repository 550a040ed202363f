import { Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import {
  limitsExceeded,
  planOf,
  planResourceLabels,
  planResources,
  type BusinessPlan,
  type PlanResource,
  type PlanSummary,
} from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatCount } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

/** "Free", or the monthly price in the plan's price-list currency. */
export const priceText = (plan: PlanSummary) =>
  plan.price.amountMinor === 0 ? 'Free' : `${formatMoney(plan.price.amountMinor, plan.price.currency)} a month`;

const limitLabel = (resource: PlanResource) =>
  resource === 'salesPerMonth' ? 'Sales a month' : planResourceLabels[resource].name;

/** A plan's limit, in red with what the business holds when the business holds more. */
function limitColumn(data: BusinessPlan, resource: PlanResource): TableColumn<PlanSummary> {
  return {
    key: resource,
    label: limitLabel(resource),
    kind: 'number',
    priority: 2,
    cell: (plan) => {
      const over = data.usage[resource] > plan.limits[resource];
      return (
        <Text span size="sm" c={over ? 'red' : undefined}>
          {formatCount(plan.limits[resource])}
          {over && (
            <Text span size="xs" display="block">
              The business has {formatCount(data.usage[resource])}
            </Text>
          )}
        </Text>
      );
    },
  };
}

function planColumns(
  data: BusinessPlan,
  onChoose: (plan: PlanSummary) => void,
  disabled: boolean,
): TableColumn<PlanSummary>[] {
  return [
    {
      key: 'plan',
      label: 'Plan',
      priority: 0,
      minWidth: 72,
      cell: (plan) => (
        <>
          <Text fw={700}>{plan.name}</Text>
          {plan.id === data.plan.id && (
            <Badge size="sm" variant="light" mt={4}>
              Current plan
            </Badge>
          )}
        </>
      ),
    },
    { key: 'price', label: 'Price', priority: 0, minWidth: 88, cell: priceText },
    ...planResources.map((resource) => limitColumn(data, resource)),
    {
      key: 'summary',
      label: 'Who it is for',
      priority: 3,
      cell: (plan) => <Text size="sm">{plan.summary}</Text>,
    },
    {
      key: 'choose',
      label: 'Choose',
      header: <VisuallyHidden>Choose</VisuallyHidden>,
      kind: 'other',
      // The last to move into a row's details: on a phone it waits there under the plan's limits.
      priority: 1,
      cell: (plan) => {
        if (plan.id === data.plan.id)
          return (
            <Text size="sm" c="dimmed">
              Your plan
            </Text>
          );
        const tooSmall = limitsExceeded(planOf(plan.id), data.usage).length > 0;
        return (
          <Button
            variant={tooSmall ? 'default' : 'filled'}
            size="sm"
            disabled={disabled}
            onClick={() => onChoose(plan)}
          >
            Choose {plan.name}
          </Button>
        );
      },
    },
  ];
}

/**
 * The plans, one row each: price and every limit, with the business's plan marked and a "Choose"
 * action on the others. A plan smaller than what the business holds says so (the API refuses the
 * change too, naming what is over). On a narrow screen the plan and its price stay; the limits, who it
 * is for and Choose move into each plan's details.
 */
export function PlanComparison({
  data,
  onChoose,
  disabled = false,
}: {
  data: BusinessPlan;
  onChoose: (plan: PlanSummary) => void;
  disabled?: boolean;
}) {
  return (
    <ResponsiveTable
      label="The plans compared"
      columns={planColumns(data, onChoose, disabled)}
      rows={data.plans}
      rowKey={(plan) => plan.id}
      rowLabel={(plan) => plan.name}
      tableProps={{ verticalSpacing: 'sm', highlightOnHover: false }}
    />
  );
}
