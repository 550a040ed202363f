import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Group, Kbd, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { emailReceipt, receiptPaperWidths, type Receipt, type ReceiptPaperWidth } from '@ipos/contracts';
import { isApiError } from '../../../../lib/api-client';
import { showApiError } from '../../../../components/toast';
import { downloadReceiptPdf, useEmailReceipt } from '../../api/receipts';
import { ReceiptView } from './receipt-view';
import { RECEIPT_WIDTH_KEY } from './receipt-format';
import classes from './receipt.module.css';

const isWidth = (value: unknown): value is ReceiptPaperWidth =>
  (receiptPaperWidths as readonly unknown[]).includes(value);

/** The paper width this device prints on (localStorage 'ipos.receiptWidth'), 80 mm until chosen. */
export function useReceiptWidth(): [ReceiptPaperWidth, (width: ReceiptPaperWidth) => void] {
  const [width, setWidth] = useState<ReceiptPaperWidth>(() => {
    try {
      const stored = localStorage.getItem(RECEIPT_WIDTH_KEY);
      return isWidth(stored) ? stored : '80';
    } catch {
      return '80';
    }
  });
  const choose = (next: ReceiptPaperWidth) => {
    setWidth(next);
    try {
      localStorage.setItem(RECEIPT_WIDTH_KEY, next);
    } catch {
      // Private mode: the choice lasts this screen only.
    }
  };
  return [width, choose];
}

/**
 * The copy the browser prints: a portal straight on <body>, hidden on screen; the print stylesheet
 * hides everything else and sizes the page to the paper (thermal printers feed as long as it runs).
 */
export function ReceiptPrintCopy({
  receipt,
  width,
  copy,
  pending = false,
}: {
  receipt: Receipt;
  width: ReceiptPaperWidth;
  copy: boolean;
  pending?: boolean;
}) {
  return createPortal(
    <div className={classes.printCopy} data-testid="receipt-print-copy">
      <style>{`@media print { @page { size: ${width}mm auto; margin: 0; } }`}</style>
      <ReceiptView receipt={receipt} width={width} copy={copy} pending={pending} />
    </div>,
    document.body,
  );
}

/** Prints the receipt (the print copy) through the browser's dialog. */
export const printReceipt = () => window.print();

/** Mails the receipt: prefilled with the customer's address, validated as the API does; a reprint's mail says COPY. */
function EmailReceiptForm({ receipt, copy }: { receipt: Receipt; copy: boolean }) {
  const [email, setEmail] = useState(receipt.sale.customer?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useEmailReceipt(receipt.sale.id, copy);

  const submit = () => {
    const parsed = emailReceipt.body!.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an email address');
      return;
    }
    setError(null);
    send.mutate(parsed.data.email, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (err) => {
        const field = isApiError(err) ? err.fieldErrors.find((f) => f.field === 'email') : undefined;
        if (field) setError(field.message);
        else showApiError(err, 'The receipt was not sent');
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            type="email"
            label="Email the receipt"
            placeholder="customer@example.com"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(null);
              setSentTo(null);
            }}
            error={error}
          />
          <Button type="submit" mt={25} variant="default" loading={send.isPending}>
            Send
          </Button>
        </Group>
        {sentTo && (
          <Text size="sm" c="green" role="status">
            Sent to {sentTo}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * Paper width, Print, Download PDF and Email for a receipt, beside the slip itself; `children` adds
 * the caller's own action (the till's "New sale"). Only the till's receipt right after the sale is the
 * original; every later showing (`copy`, a reprint) says COPY on screen, in print and in its PDF.
 */
export function ReceiptWorkspace({
  receipt,
  copy = false,
  pending = false,
  children,
}: {
  receipt: Receipt;
  copy?: boolean;
  /** A sale completed on the device, not yet on the server: printed from the device, no PDF or mail yet. */
  pending?: boolean;
  children?: ReactNode;
}) {
  const [width, setWidth] = useReceiptWidth();
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if ((event.key === 'p' || event.key === 'P') && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        printReceipt();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadReceiptPdf(receipt.sale.id, receipt.sale.number, width, copy);
    } catch (error) {
      showApiError(error, 'The PDF could not be downloaded');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={classes.workspace}>
      <div className={classes.paper}>
        <ReceiptView receipt={receipt} width={width} copy={copy} pending={pending} />
      </div>
      <Stack gap="md" className={classes.actions}>
        <div>
          <Text size="sm" fw={500} mb={4} id="receipt-paper">
            Paper
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="receipt-paper"
            value={width}
            onChange={(value) => isWidth(value) && setWidth(value)}
            data={[
              { value: '58', label: '58 mm' },
              { value: '80', label: '80 mm' },
            ]}
          />
        </div>
        <Group grow>
          <Button onClick={printReceipt}>
            Print <Kbd ml={8}>P</Kbd>
          </Button>
          {!pending && (
            <Button variant="default" onClick={() => void download()} loading={downloading}>
              Download PDF
            </Button>
          )}
        </Group>
        {!pending && <EmailReceiptForm key={receipt.sale.id} receipt={receipt} copy={copy} />}
        {children}
      </Stack>
      <ReceiptPrintCopy receipt={receipt} width={width} copy={copy} pending={pending} />
    </div>
  );
}
