import { useState } from 'react';
import type { Endpoint, ReportDocument } from '@ipos/contracts';
import { showApiError } from '../../../components/toast';
import { bucketedReportQuery, downloadReportPdf } from '../api/reports';
import type { ReportParams } from './report-params';

/**
 * Download PDF of a report: the API's PDF of the screen's query (a report taken now, `hidePeriod`,
 * only by store); a failure is said in a toast.
 */
export function useReportPdf({
  pdf,
  params,
  title,
  hidePeriod,
}: {
  pdf: Endpoint;
  params: ReportParams;
  title: string;
  hidePeriod: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const downloadPdf = async (scope: ReportDocument['scope']) => {
    setDownloading(true);
    try {
      const storeOnly = params.storeId ? { storeId: params.storeId } : {};
      await downloadReportPdf(pdf, hidePeriod ? storeOnly : bucketedReportQuery(params), title, scope);
    } catch (error) {
      showApiError(error, 'Could not get the PDF');
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, downloadPdf };
}
