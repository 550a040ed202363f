import { WasteReport } from '../../../features/reports/components/waste-report';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report/waste`: what was written off, by reason, product, category and period. */
export function WasteReportRoute() {
  return <WithReportContext>{(context) => <WasteReport context={context} />}</WithReportContext>;
}

export { WasteReportRoute as Component };
