import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { voidInvoiceBodySchema, type Invoice } from '@ipos/contracts';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDeleteInvoice, useEmailInvoice, useVoidInvoice } from '../api/invoices';
import { DocumentEmailForm } from '../../../components/document-email/document-email-form';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  invoice: Invoice;
}

/** The first field error the API gave for `name`, else the whole problem in plain words. */
function placeError(error: unknown, name: string): { field?: string; form?: string } {
  if (!isApiError(error)) return { form: describeApiError(error) };
  const field = error.fieldErrors.find((f) => f.field.replace(/^body\./, '') === name)?.message;
  return field ? { field } : { form: describeApiError(error) };
}

/** Void an issued invoice without payments: a reason is required; its products come back to stock. */
export function VoidInvoiceDialog({ opened, onClose, invoice }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Void ${invoice.number ?? 'invoice'}`}>
      {opened ? <VoidForm onClose={onClose} invoice={invoice} /> : null}
    </Modal>
  );
}

function VoidForm({ onClose, invoice }: Omit<DialogProps, 'opened'>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const voiding = useVoidInvoice(invoice.id);
  const hasProducts = invoice.lines.some((l) => l.kind === 'product');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = voidInvoiceBodySchema.safeParse({ version: invoice.version, reason });
    if (!parsed.success) return setError({ field: parsed.error.issues[0]?.message });
    try {
      const voided = await voiding.mutateAsync(parsed.data);
      toast.show({ type: 'success', message: `Voided ${voided.number ?? 'the invoice'}.` });
      onClose();
    } catch (e) {
      setError(placeError(e, 'reason'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Void invoice">
      <Stack gap="md">
        <Text size="sm">
          The invoice stays on record, marked void; the customer no longer owes it.
          {hasProducts ? ' Its products go back into stock.' : ''}
        </Text>
        <Textarea
          label="Reason"
          required
          data-autofocus
          rows={2}
          maxLength={200}
          value={reason}
          error={error.field}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError({});
          }}
        />
        {error.form ? (
          <Alert color="red" variant="light" role="alert">
            {error.form}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button type="submit" color="red" loading={voiding.isPending}>
            Void invoice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Email the invoice PDF: to the customer's address unless another is typed. */
export function EmailInvoiceDialog({ opened, onClose, invoice }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Email ${invoice.number ?? 'invoice'}`}>
      {opened ? <EmailForm onClose={onClose} invoice={invoice} /> : null}
    </Modal>
  );
}

function EmailForm({ onClose, invoice }: Omit<DialogProps, 'opened'>) {
  const email = useEmailInvoice(invoice.id);
  return (
    <DocumentEmailForm
      label="Email invoice"
      defaultTo={invoice.customer.email}
      messageDescription="Optional, above the invoice"
      missingTo="Enter an email address"
      sending={email.isPending}
      send={(body) => email.mutateAsync(body)}
      sentMessage={(to) => `Emailed to ${to}.`}
      onClose={onClose}
    />
  );
}

/** Discard a draft for good (an issued invoice is voided instead). */
export function DeleteDraftDialog({ opened, onClose, invoice, onDeleted }: DialogProps & { onDeleted: () => void }) {
  const deleting = useDeleteInvoice(invoice.id);
  const confirm = async () => {
    try {
      await deleting.mutateAsync();
      toast.show({ type: 'success', message: 'Draft deleted.' });
      onDeleted();
    } catch (e) {
      showApiError(e, 'Could not delete the draft');
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this draft?">
      <Stack gap="md">
        <Text size="sm">The draft for {invoice.customer.name} is discarded. This cannot be undone.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={deleting.isPending} onClick={() => void confirm()}>
            Delete draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
