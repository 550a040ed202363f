import { PurchaseOrderReport } from '../../../features/reports/components/purchase-order-report';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report/purchase-order`: spend with vendors, returns, lead times and open orders. */
export function PurchaseOrderReportRoute() {
  return <WithReportContext>{(context) => <PurchaseOrderReport context={context} />}</WithReportContext>;
}

export { PurchaseOrderReportRoute as Component };
