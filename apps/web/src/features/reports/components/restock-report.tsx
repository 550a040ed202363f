import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  getRestockReport,
  getRestockReportPdf,
  restockColumnHints,
  restockReportDocument,
  restockReportTable,
  restockSummaryFigures,
  type CurrencyCode,
  type PurchaseOrderSummary,
  type RestockLine,
  type RestockReport as RestockReportData,
} from '@ipos/contracts';
import { useReport } from '../api/reports';
import { ReportBreakdownChart } from './report-chart';
import { ReportFigures } from './report-figures';
import { ReportFrame, type ReportContext } from './report-frame';
import { useReportParams } from './report-params';
import { RestockLinesTable, restockLineKey } from './restock/restock-lines-table';
import { RestockOrderDialog } from './restock/restock-order-dialog';
import { RestockVendorOrders } from './restock/restock-vendor-orders';
import { pathTo } from '../../../lib/route-paths';

/** Suggested value by category, largest first (the chart's share). */
function byCategory(report: RestockReportData) {
  const totals = new Map<string, number>();
  for (const l of report.lines) totals.set(l.category, (totals.get(l.category) ?? 0) + l.suggestedValueMinor);
  return [...totals]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, value]) => ({ name, value }));
}

/**
 * `/dashboard/report/restock`: what is at or below its reorder level now, how long it lasts at the
 * last 30 days' pace, and what to order; tick lines and order them from a vendor in one go. Orders
 * belong to the store that receives them, so only the active store's lines can be ticked (with the
 * right to manage purchase orders there); other stores' lines say where to switch.
 */
export function RestockReport({ context }: { context: ReportContext }) {
  const params = useReportParams(context.store.timeZone);
  const query = useReport(getRestockReport, params.storeId ? { storeId: params.storeId } : {});
  const currency = context.store.business.currency as CurrencyCode;
  const canOrder = context.store.permissions.includes('purchase-orders.manage');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [ordering, setOrdering] = useState<RestockLine[] | null>(null);
  const [created, setCreated] = useState<PurchaseOrderSummary[]>([]);
  /** Products with a preferred vendor but none: left out of "Create orders". */
  const [notOrdered, setNotOrdered] = useState<number | null>(null);
  const [byVendor, setByVendor] = useState(false);

  const select = (keys: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys)
        if (checked) next.add(key);
        else next.delete(key);
      return next;
    });
  const orderable = (line: RestockLine) => line.storeId === context.store.id;

  return (
    <ReportFrame
      title="Restock report"
      description="Products at or below their reorder level now, how many days they last at the last 30 days’ sales, and what to order."
      params={params}
      context={context}
      query={query}
      toDocument={restockReportDocument}
      pdf={getRestockReportPdf}
      hidePeriod
    >
      {(report) => {
        const table = restockReportTable(report);
        const chosen = report.lines.filter((l) => orderable(l) && selected.has(restockLineKey(l)));
        const otherStores = report.lines.some((l) => !orderable(l));
        const categories = byCategory(report);
        return (
          <>
            <ReportFigures figures={restockSummaryFigures(report)} currency={currency} />
            {created.length > 0 ? (
              <Alert
                color="green"
                title="Purchase orders created"
                withCloseButton
                onClose={() => {
                  setCreated([]);
                  setNotOrdered(null);
                }}
              >
                <Group gap="md">
                  {created.map((order) => (
                    <Anchor
                      key={order.id}
                      component={Link}
                      to={pathTo('dashboard.purchase-order.view/:id', { id: order.id })}
                    >
                      Open {order.number} ({order.vendor.name})
                    </Anchor>
                  ))}
                </Group>
                {notOrdered ? (
                  <Text size="sm" mt="xs">
                    {notOrdered} {notOrdered === 1 ? 'product has' : 'products have'} no preferred vendor and{' '}
                    {notOrdered === 1 ? 'was' : 'were'} not ordered.
                  </Text>
                ) : null}
              </Alert>
            ) : notOrdered !== null ? (
              <Alert color="blue" withCloseButton onClose={() => setNotOrdered(null)}>
                Nothing to order from a preferred vendor: open orders already cover it.
              </Alert>
            ) : null}
            <Switch
              label="Group by vendor"
              description="One table per preferred vendor; create one order per vendor in one step"
              checked={byVendor}
              onChange={(e) => setByVendor(e.currentTarget.checked)}
            />
            {byVendor ? (
              <RestockVendorOrders
                report={report}
                store={context.store}
                canOrder={canOrder}
                onCreated={(result) => {
                  setCreated((all) => [...all, ...result.orders]);
                  setNotOrdered(result.orders.length > 0 ? result.withoutVendor.length : 0);
                }}
              />
            ) : null}
            {!byVendor && canOrder ? (
              <Card withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm" c={chosen.length > 0 ? undefined : 'dimmed'}>
                    {chosen.length > 0
                      ? `${chosen.length} line(s) selected for ${context.store.name}.`
                      : `Tick lines of ${context.store.name} to order them from a vendor.`}
                    {otherStores
                      ? ' Orders are placed by the store that receives them: switch to another store to order its lines.'
                      : ''}
                  </Text>
                  <Button disabled={chosen.length === 0} onClick={() => setOrdering(chosen)}>
                    Create purchase order
                  </Button>
                </Group>
              </Card>
            ) : null}
            {byVendor ? null : (
              <RestockLinesTable
                table={table}
                lines={report.lines}
                scope={report.scope}
                selected={selected}
                canSelect={canOrder ? orderable : null}
                onSelect={select}
              />
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h4" mb="sm">
                  Suggested order by category
                </Title>
                {categories.length === 0 ? (
                  <Text c="dimmed" size="sm" ta="center" py="lg">
                    Nothing to order.
                  </Text>
                ) : (
                  <ReportBreakdownChart kind="donut" data={categories} format="money" currency={currency} />
                )}
              </Card>
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h4" mb="sm">
                  How the figures are worked out
                </Title>
                <Stack gap={4}>
                  <List size="sm" spacing={4}>
                    {Object.values(restockColumnHints).map((hint) => (
                      <List.Item key={hint}>{hint}</List.Item>
                    ))}
                  </List>
                  <Text size="xs" c="dimmed">
                    Only tracked, active products with a reorder level are listed; set levels on a product’s stock page.
                  </Text>
                </Stack>
              </Card>
            </SimpleGrid>
            {ordering ? (
              <RestockOrderDialog
                lines={ordering}
                currency={currency}
                storeName={context.store.name}
                onClose={() => setOrdering(null)}
                onCreated={(order) => {
                  setCreated((all) => [...all, order]);
                  select(
                    ordering.map((l) => restockLineKey(l)),
                    false,
                  );
                }}
              />
            ) : null}
          </>
        );
      }}
    </ReportFrame>
  );
}
