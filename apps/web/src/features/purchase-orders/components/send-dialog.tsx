import { Modal } from '@mantine/core';
import type { PurchaseOrder } from '@ipos/contracts';
import { DocumentEmailForm } from '../../../components/document-email/document-email-form';
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

function SendForm({ onClose, order }: SendDialogProps) {
  const send = useSendPurchaseOrder(order.id);
  return (
    <DocumentEmailForm
      label="Send to vendor"
      defaultTo={order.vendor.email}
      toDescription="The order goes as a PDF attachment"
      missingTo="Enter the vendor’s email address"
      sending={send.isPending}
      send={(body) => send.mutateAsync(body)}
      sentMessage={(to) => `${order.number} sent to ${to}.`}
      onClose={onClose}
    />
  );
}
