import { SalesReport } from '../../../features/reports/components/sales-report';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report/sales`: what sold and what it earned. */
export function SalesReportRoute() {
  return <WithReportContext>{(context) => <SalesReport context={context} />}</WithReportContext>;
}

export { SalesReportRoute as Component };
