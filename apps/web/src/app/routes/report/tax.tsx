import { TaxReport } from '../../../features/reports/components/tax-report';
import { WithReportContext } from './with-report-context';

/** `/dashboard/report/tax`: tax collected per rate, for the VAT return. */
export function TaxReportRoute() {
  return <WithReportContext>{(context) => <TaxReport context={context} />}</WithReportContext>;
}

export { TaxReportRoute as Component };
