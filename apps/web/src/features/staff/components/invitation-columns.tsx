import { Badge, Button, Group, Text } from '@mantine/core';
import { invitationStatusLabels, type InvitationStatus, type StaffInvitation } from '@ipos/contracts';
import type { TableColumn } from '../../../components/table/responsive-table';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/role-label';
import { Email } from './staff-list';

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
 * The invitations' columns: who and the actions (re-send, withdraw while open) always show; the role,
 * stores, status and dates move into the row's details when narrow.
 */
export function invitationColumns({
  timeZone,
  isResending,
  onResend,
  onWithdraw,
}: {
  timeZone: string | undefined;
  isResending: (invitation: StaffInvitation) => boolean;
  onResend: (invitation: StaffInvitation) => void;
  onWithdraw: (invitation: StaffInvitation) => void;
}): TableColumn<StaffInvitation>[] {
  return [
    {
      key: 'person',
      label: 'Person',
      priority: 0,
      minWidth: 128,
      cell: (invitation) => (
        <>
          <Text fw={500}>{invitation.name}</Text>
          <Email>{invitation.email}</Email>
        </>
      ),
    },
    { key: 'role', label: 'Role', priority: 1, minWidth: 96, cell: (invitation) => roleLabel(invitation.role.name) },
    {
      key: 'stores',
      label: 'Stores',
      priority: 4,
      minWidth: 112,
      cell: (invitation) => invitation.stores.map((s) => s.name).join(', '),
    },
    {
      key: 'status',
      label: 'Status',
      kind: 'other',
      priority: 2,
      cell: (invitation) => (
        <>
          <InvitationStatusBadge status={invitation.status} />
          {invitation.respondedAt ? (
            <Text size="xs" c="dimmed">
              {formatDate(invitation.respondedAt, timeZone)}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'invited',
      label: 'Invited',
      kind: 'code',
      priority: 5,
      cell: (invitation) => formatDate(invitation.invitedAt, timeZone),
    },
    {
      key: 'expires',
      label: 'Expires',
      kind: 'code',
      priority: 3,
      cell: (invitation) => (isOpen(invitation) ? formatDate(invitation.expiresAt, timeZone) : '—'),
    },
    {
      key: 'actions',
      label: 'Actions',
      kind: 'other',
      priority: 0,
      cell: (invitation) =>
        isOpen(invitation) ? (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              loading={isResending(invitation)}
              onClick={() => onResend(invitation)}
              aria-label={`Re-send the invitation to ${invitation.email}`}
            >
              Re-send
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => onWithdraw(invitation)}
              aria-label={`Withdraw the invitation to ${invitation.email}`}
            >
              Withdraw
            </Button>
          </Group>
        ) : null,
    },
  ];
}
