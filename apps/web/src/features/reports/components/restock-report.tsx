import { useState } from 'react';
import { Switch } from '@mantine/core';
import {
  getRestockReport,
  getRestockReportPdf,
  restockReportDocument,
  restockReportTable,
  restockSummaryFigures,
  type CurrencyCode,
  type PurchaseOrderSummary,
  type RestockLine,
} from '@ipos/contracts';
import { useReport } from '../api/reports';
import { ReportFigures } from './report-figures';
import { ReportFrame } from './report-frame';
import type { ReportContext } from './report-context';
import { useReportParams } from './report-params';
import { RestockExplainer } from './restock/restock-explainer';
import { RestockLinesTable, restockLineKey } from './restock/restock-lines-table';
import { RestockOrderDialog } from './restock/restock-order-dialog';
import { RestockOrdersNotice } from './restock/restock-orders-notice';
import { RestockSelectionBar } from './restock/restock-selection-bar';
import { RestockVendorOrders } from './restock/restock-vendor-orders';

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
        return (
          <>
            <ReportFigures figures={restockSummaryFigures(report)} currency={currency} />
            <RestockOrdersNotice
              created={created}
              notOrdered={notOrdered}
              onClose={() => {
                setCreated([]);
                setNotOrdered(null);
              }}
            />
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
              <RestockSelectionBar
                chosen={chosen.length}
                storeName={context.store.name}
                otherStores={otherStores}
                onOrder={() => setOrdering(chosen)}
              />
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
            <RestockExplainer report={report} currency={currency} />
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
