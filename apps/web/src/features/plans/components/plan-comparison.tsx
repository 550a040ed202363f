import { Badge, Button, Table, Text } from '@mantine/core';
import {
  limitsExceeded,
  planOf,
  planResourceLabels,
  planResources,
  type BusinessPlan,
  type PlanSummary,
} from '@ipos/contracts';
import { formatCount } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

/** "Free", or the monthly price in the plan's price-list currency. */
export const priceText = (plan: PlanSummary) =>
  plan.price.amountMinor === 0 ? 'Free' : `${formatMoney(plan.price.amountMinor, plan.price.currency)} a month`;

/**
 * The three plans side by side: price and every limit, with the business's plan marked and a
 * "Choose" action on the others. A plan smaller than what the business holds says so (the API refuses
 * the change too, naming what is over).
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
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" withColumnBorders aria-label="The plans compared">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Text size="sm" c="dimmed">
                Plan
              </Text>
            </Table.Th>
            {data.plans.map((plan) => (
              <Table.Th key={plan.id} scope="col">
                <Text fw={700}>{plan.name}</Text>
                {plan.id === data.plan.id && (
                  <Badge size="sm" variant="light" mt={4}>
                    Current plan
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Price</Table.Th>
            {data.plans.map((plan) => (
              <Table.Td key={plan.id}>{priceText(plan)}</Table.Td>
            ))}
          </Table.Tr>
          {planResources.map((resource) => (
            <Table.Tr key={resource}>
              <Table.Th scope="row">
                {resource === 'salesPerMonth' ? 'Sales a month' : planResourceLabels[resource].name}
              </Table.Th>
              {data.plans.map((plan) => {
                const over = data.usage[resource] > plan.limits[resource];
                return (
                  <Table.Td key={plan.id} c={over ? 'red' : undefined}>
                    {formatCount(plan.limits[resource])}
                    {over && (
                      <Text span size="xs" display="block">
                        The business has {formatCount(data.usage[resource])}
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">
              <Text size="sm" c="dimmed">
                Who it is for
              </Text>
            </Table.Th>
            {data.plans.map((plan) => (
              <Table.Td key={plan.id}>
                <Text size="sm">{plan.summary}</Text>
              </Table.Td>
            ))}
          </Table.Tr>
          <Table.Tr>
            <Table.Td />
            {data.plans.map((plan) => {
              const tooSmall = limitsExceeded(planOf(plan.id), data.usage).length > 0;
              return (
                <Table.Td key={plan.id}>
                  {plan.id === data.plan.id ? (
                    <Text size="sm" c="dimmed">
                      Your plan
                    </Text>
                  ) : (
                    <Button
                      variant={tooSmall ? 'default' : 'filled'}
                      size="sm"
                      disabled={disabled}
                      onClick={() => onChoose(plan)}
                    >
                      Choose {plan.name}
                    </Button>
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
