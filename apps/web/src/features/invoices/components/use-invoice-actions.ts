import { useState } from 'react';
import type { Invoice } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { downloadInvoicePdf, useIssueInvoice } from '../api/invoices';

/**
 * Issuing and downloading an invoice from its page. Issue refused for want of stock keeps each short
 * line's on hand (`shortages`, by variant) for the sheet to say; a new attempt clears them.
 */
export function useInvoiceActions() {
  const [shortages, setShortages] = useState<Map<string, number>>(new Map());
  const [downloading, setDownloading] = useState(false);
  const issue = useIssueInvoice();

  const doIssue = async (inv: Invoice) => {
    setShortages(new Map());
    try {
      const issued = await issue.mutateAsync({ invoiceId: inv.id, version: inv.version });
      toast.show({ type: 'success', message: `Issued ${issued.number ?? 'the invoice'}.` });
    } catch (error) {
      if (isApiError(error) && error.code === 'INSUFFICIENT_STOCK') {
        const found = (error.problem?.shortages ?? []) as { variantId: string; onHand: number }[];
        setShortages(new Map(found.map((s) => [s.variantId, s.onHand])));
      }
      showApiError(error, 'Could not issue the invoice');
    }
  };
  const download = async (inv: Invoice) => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(inv);
    } catch (error) {
      showApiError(error, 'Could not download the PDF');
    } finally {
      setDownloading(false);
    }
  };

  return { shortages, issuing: issue.isPending, doIssue, downloading, download };
}
