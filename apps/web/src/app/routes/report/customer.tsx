import { CustomerReport } from '../../../features/reports/components/customer-report';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report/customer`: top customers, new and returning, and invoice balances by age. */
export function CustomerReportRoute() {
  return <WithReportContext>{(context) => <CustomerReport context={context} />}</WithReportContext>;
}

export { CustomerReportRoute as Component };
