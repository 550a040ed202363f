import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { invitationStatusLabels, type InvitationStatus, type StaffInvitation } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/role-label';
import { useResendStaffInvitation, useStaffInvitations, useWithdrawStaffInvitation } from '../api/staff';

const statusColor: Record<InvitationStatus, string> = {
  pending: 'blue',
  expired: 'orange',
  accepted: 'green',
  declined: 'gray',
  withdrawn: 'gray',
};

/** Only an unanswered invitation (waiting or expired) is re-sent or withdrawn. */
const isOpen = (invitation: StaffInvitation) => invitation.status === 'pending' || invitation.status === 'expired';

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge variant="light" color={statusColor[status]}>
      {invitationStatusLabels[status]}
    </Badge>
  );
}

/**
 * A re-send or withdrawal that found the invitation changed: someone else answered, withdrew or re-sent
 * it meanwhile. The list is read again either way (every staff change invalidates it); this says why.
 */
function reportInvitationError(error: unknown, invitation: StaffInvitation, title: string) {
  if (isApiError(error) && error.code === 'VERSION_CONFLICT')
    return toast.show({
      type: 'warning',
      title,
      message: `Someone else changed the invitation to ${invitation.email} meanwhile; the list now shows it as it is.`,
    });
  if (isApiError(error) && error.code === 'INVITATION_INVALID')
    return toast.show({
      type: 'warning',
      title,
      message: `The invitation to ${invitation.email} was already answered or withdrawn; the list now shows it as it is.`,
    });
  return showApiError(error, title);
}

function WithdrawDialog({
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

function InvitationRow({
  invitation,
  isResending,
  onResend,
  onWithdraw,
}: {
  invitation: StaffInvitation;
  isResending: boolean;
  onResend: () => void;
  onWithdraw: () => void;
}) {
  const timeZone = useDisplayTimeZone();
  return (
    <Table.Tr data-testid="invitation-row">
      <Table.Td>
        <Text fw={500}>{invitation.name}</Text>
        <Text size="xs" c="dimmed">
          {invitation.email}
        </Text>
      </Table.Td>
      <Table.Td>{roleLabel(invitation.role.name)}</Table.Td>
      <Table.Td>{invitation.stores.map((s) => s.name).join(', ')}</Table.Td>
      <Table.Td>
        <InvitationStatusBadge status={invitation.status} />
        {invitation.respondedAt ? (
          <Text size="xs" c="dimmed">
            {formatDate(invitation.respondedAt, timeZone)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{formatDate(invitation.invitedAt, timeZone)}</Table.Td>
      <Table.Td>{isOpen(invitation) ? formatDate(invitation.expiresAt, timeZone) : '—'}</Table.Td>
      <Table.Td>
        {isOpen(invitation) ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="default"
              loading={isResending}
              onClick={onResend}
              aria-label={`Re-send the invitation to ${invitation.email}`}
            >
              Re-send
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onWithdraw}
              aria-label={`Withdraw the invitation to ${invitation.email}`}
            >
              Withdraw
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function InvitationTable({ items }: { items: StaffInvitation[] }) {
  const resend = useResendStaffInvitation();
  const timeZone = useDisplayTimeZone();
  const withdraw = useWithdrawStaffInvitation();
  const [withdrawing, setWithdrawing] = useState<StaffInvitation | null>(null);

  const resendOne = (invitation: StaffInvitation) =>
    resend.mutate(
      { invitationId: invitation.id, version: invitation.version },
      {
        onSuccess: (sent) =>
          toast.show({
            type: 'success',
            message: `The invitation went to ${sent.email} again; it lasts until ${formatDate(sent.expiresAt, timeZone)}.`,
          }),
        onError: (error) => reportInvitationError(error, invitation, 'Could not re-send the invitation'),
      },
    );
  const withdrawOne = (invitation: StaffInvitation) =>
    withdraw.mutate(
      { invitationId: invitation.id, version: invitation.version },
      {
        onSuccess: () =>
          toast.show({ type: 'success', message: `The invitation to ${invitation.email} is withdrawn.` }),
        onError: (error) => reportInvitationError(error, invitation, 'Could not withdraw the invitation'),
        onSettled: () => setWithdrawing(null),
      },
    );

  return (
    <Card withBorder padding={0} radius="md">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" aria-label="Invitations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Person</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Stores</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Invited</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                isResending={resend.isPending && resend.variables?.invitationId === invitation.id}
                onResend={() => resendOne(invitation)}
                onWithdraw={() => setWithdrawing(invitation)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <WithdrawDialog
        invitation={withdrawing}
        isWithdrawing={withdraw.isPending}
        onConfirm={withdrawOne}
        onClose={() => setWithdrawing(null)}
      />
    </Card>
  );
}

/**
 * `settings/users-and-permissions`, under the staff: the business's invitations waiting for an answer,
 * and those expired or declined in the last 30 days, each re-sent (14 more days) or withdrawn.
 */
export function StaffInvitations() {
  const invitations = useStaffInvitations();
  return (
    <Stack gap="sm" component="section" id="invitations" aria-labelledby="invitations-heading">
      <Stack gap={4}>
        <Title order={2} size="h3" id="invitations-heading">
          Invitations
        </Title>
        <Text c="dimmed" size="sm">
          People you invited join once they accept. Answers from the last 30 days are listed too.
        </Text>
      </Stack>
      <WhenLoaded
        query={invitations}
        loadingLabel="Loading the invitations"
        errorTitle="We could not load the invitations"
      >
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No open invitations">
              Add staff to invite someone: they get an email and accept at their next sign-in.
            </EmptyState>
          ) : (
            <InvitationTable items={data.items} />
          )
        }
      </WhenLoaded>
    </Stack>
  );
}
