import { RestockReport } from '../../../features/reports/components/restock-report';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report/restock`: what to reorder now, with days of cover, and orders from the list. */
export function RestockReportRoute() {
  return <WithReportContext>{(context) => <RestockReport context={context} />}</WithReportContext>;
}

export { RestockReportRoute as Component };
