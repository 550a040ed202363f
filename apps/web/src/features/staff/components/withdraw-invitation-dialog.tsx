import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { StaffInvitation } from '@ipos/contracts';

/** The confirmation before an invitation is withdrawn. */
export function WithdrawDialog({
  invitation,
  isWithdrawing,
  onConfirm,
  onClose,
}: {
  invitation: StaffInvitation | null;
  isWithdrawing: boolean;
  onConfirm: (invitation: StaffInvitation) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={invitation !== null}
      onClose={onClose}
      title={invitation ? `Withdraw the invitation to ${invitation.name}?` : ''}
    >
      {invitation ? (
        <Stack gap="md">
          <Text>
            {invitation.email} can no longer accept it. Nothing else changes, and you can invite them again later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep the invitation
            </Button>
            <Button color="red" loading={isWithdrawing} onClick={() => onConfirm(invitation)}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
