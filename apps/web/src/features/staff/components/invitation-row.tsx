import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { invitationStatusLabels, type InvitationStatus, type StaffInvitation } from '@ipos/contracts';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/role-label';

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

/** One invitation: who, the role and stores offered, where it stands, and re-send / withdraw while open. */
export function InvitationRow({
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
