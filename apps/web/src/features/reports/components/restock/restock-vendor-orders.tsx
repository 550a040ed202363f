import { Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  restockReportTable,
  restockVendorGroups,
  type RestockOrders,
  type RestockReport,
  type RestockVendorGroup,
} from '@ipos/contracts';
import { showApiError } from '../../../../components/toast';
import { useAttempts } from '../../../../lib/attempt';
import { RestockLinesTable } from './restock-lines-table';
import { useCreateRestockOrders } from './restock-order-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One group's table: the report's columns over its lines, titled by the vendor. */
function groupTable(report: RestockReport, group: RestockVendorGroup, index: number) {
  const table = restockReportTable({
    ...report,
    lines: group.lines,
    summary: { ...report.summary, suggestedValueMinor: group.suggestedValueMinor },
  });
  return {
    ...table,
    key: `restock-vendor-${index}`,
    title: group.vendor ? group.vendor.name : 'No preferred vendor (not ordered)',
  };
}

/**
 * The restock report grouped by preferred vendor (decision 0030), with "Create orders": one OPEN
 * order per vendor for the active store, in one request (all or nothing, idempotent: the key is kept
 * until it succeeds, so a retry never orders twice). Products without a preferred vendor are listed
 * last and never ordered.
 */
export function RestockVendorOrders({
  report,
  store,
  canOrder,
  onCreated,
}: {
  report: RestockReport;
  store: { id: string; name: string };
  canOrder: boolean;
  onCreated: (result: RestockOrders) => void;
}) {
  const create = useCreateRestockOrders();
  // One key per creation, kept for a retry after a lost answer so the orders are not made twice.
  const attempts = useAttempts();
  const groups = restockVendorGroups(report);
  const toOrder = (g: RestockVendorGroup) =>
    g.vendor !== null && g.lines.some((l) => l.storeId === store.id && l.suggestedQuantity > 0);
  const vendors = groups.filter(toOrder).length;
  const apart = groups.find((g) => g.vendor === null)?.lines.filter((l) => l.storeId === store.id).length ?? 0;

  const submit = async () => {
    try {
      const { key } = attempts.for({ storeId: store.id });
      onCreated(await create.mutateAsync({ body: {}, idempotencyKey: key }));
      attempts.succeeded();
    } catch (error) {
      attempts.failed(error);
      showApiError(error, 'Could not create the orders');
    }
  };

  return (
    <Stack gap="md">
      {canOrder ? (
        <Card withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c={vendors > 0 ? undefined : 'dimmed'}>
              {vendors > 0
                ? `One order per vendor for ${store.name}: ${plural(vendors, 'vendor', 'vendors')} with something to order.`
                : `Nothing in ${store.name} needs ordering from a preferred vendor.`}
              {apart > 0
                ? ` ${plural(apart, 'product has', 'products have')} no preferred vendor: listed apart, not ordered.`
                : ''}
            </Text>
            <Button disabled={vendors === 0} loading={create.isPending} onClick={() => void submit()}>
              Create orders
            </Button>
          </Group>
        </Card>
      ) : null}
      {groups.length === 0 ? (
        <RestockLinesTable
          table={restockReportTable(report)}
          lines={[]}
          scope={report.scope}
          selected={new Set()}
          canSelect={null}
          onSelect={() => undefined}
        />
      ) : (
        groups.map((group, index) => (
          <RestockLinesTable
            key={group.vendor?.id ?? 'none'}
            table={groupTable(report, group, index)}
            lines={group.lines}
            scope={report.scope}
            selected={new Set()}
            canSelect={null}
            onSelect={() => undefined}
          />
        ))
      )}
    </Stack>
  );
}
