import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { sendPurchaseOrderBodySchema, type PurchaseOrder, type SendPurchaseOrderBody } from '@ipos/contracts';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSendPurchaseOrder } from '../api/purchase-orders';

export interface SendDialogProps {
  opened: boolean;
  onClose: () => void;
  order: PurchaseOrder;
}

/** Email the order's PDF to the vendor (their address unless another is typed), with a message. */
export function SendDialog(props: SendDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Send ${props.order.number} to the vendor`}>
      {props.opened ? <SendForm {...props} /> : null}
    </Modal>
  );
}

type Field = 'to' | 'message';

function SendForm({ onClose, order }: SendDialogProps) {
  const [to, setTo] = useState(order.vendor.email ?? '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendPurchaseOrder(order.id);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setFormError(null);
    const body: SendPurchaseOrderBody = {
      ...(to.trim() ? { to: to.trim() } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    };
    const parsed = sendPurchaseOrderBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    if (!body.to) return setErrors({ to: 'Enter the vendor’s email address' });
    try {
      const sent = await send.mutateAsync(body);
      toast.show({ type: 'success', message: `${order.number} sent to ${sent.to}.` });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not send the order');
      const found: Partial<Record<Field, string>> = {};
      for (const f of error.fieldErrors) {
        const path = f.field.replace(/^body\./, '');
        if (path === 'to' || path === 'message') found[path] ??= f.message;
      }
      setErrors(found);
      if (Object.keys(found).length === 0)
        setFormError(error.status === 409 || error.status === 422 ? error.message : describeApiError(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Send to vendor">
      <Stack gap="md">
        <TextInput
          label="To"
          type="email"
          required
          description="The order goes as a PDF attachment"
          value={to}
          error={errors.to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setErrors((current) => ({ ...current, to: undefined }));
          }}
        />
        <Textarea
          label="Message"

          rows={3}
          maxLength={1000}
          value={message}
          error={errors.message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
