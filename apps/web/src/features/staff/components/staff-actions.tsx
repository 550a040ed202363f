import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ActiveStore, StaffMember } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useResendDefaultPassword, useResetStaffPin, useSetStaffActive } from '../api/staff';

/**
 * A person's access: re-send the invitation while invited, reset the PIN (staff.pin-reset, in this
 * store), deactivate after a confirmation or reactivate.
 */
export function StaffActions({ member, store }: { member: StaffMember; store: ActiveStore }) {
  const setActive = useSetStaffActive();
  const resend = useResendDefaultPassword();
  const resetPin = useResetStaffPin();
  const [confirming, setConfirming] = useState(false);
  const active = member.status !== 'inactive';
  const canResetPin =
    store.permissions.includes('staff.pin-reset') &&
    member.stores.some((s) => s.id === store.id) &&
    (member.hasPin || member.isPinLocked);

  const toggle = async () => {
    try {
      await setActive.mutateAsync({ accountId: member.accountId, version: member.version, active: !active });
      toast.show({
        type: 'success',
        message: active
          ? `${member.name} is deactivated: their next request to the business is refused.`
          : `${member.name} is active again, with the same role and stores.`,
      });
    } catch (error) {
      showApiError(error, active ? 'Could not deactivate' : 'Could not reactivate');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        {member.status === 'invited' ? (
          <Button
            variant="default"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { accountId: member.accountId, version: member.version },
                {
                  onSuccess: () =>
                    toast.show({ type: 'success', message: `A new default password was mailed to ${member.email}.` }),
                  onError: (error) => showApiError(error, 'Could not re-send the invitation'),
                },
              )
            }
          >
            Re-send invitation
          </Button>
        ) : null}
        {canResetPin ? (
          <Button
            variant="default"
            loading={resetPin.isPending}
            onClick={() =>
              resetPin.mutate(member.accountId, {
                onSuccess: () =>
                  toast.show({ type: 'success', message: `${member.name} creates a new PIN at their next sign-in.` }),
                onError: (error) => showApiError(error, 'Could not reset the PIN'),
              })
            }
          >
            Reset PIN
          </Button>
        ) : null}
        {active ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Deactivate
          </Button>
        ) : (
          <Button variant="light" loading={setActive.isPending} onClick={() => void toggle()}>
            Reactivate
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Deactivate ${member.name}?`}>
        <Stack gap="md">
          <Text>
            They can no longer open this business’s stores; their next request is refused. Their role and stores are
            kept, so you can reactivate them later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep active
            </Button>
            <Button color="red" loading={setActive.isPending} onClick={() => void toggle()}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
