import { ReportLanding } from '../../../features/reports/components/report-landing';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report`: a card per report with its headline figure for the chosen period. */
export function ReportLandingRoute() {
  return <WithReportContext>{(context) => <ReportLanding context={context} />}</WithReportContext>;
}

export { ReportLandingRoute as Component };
