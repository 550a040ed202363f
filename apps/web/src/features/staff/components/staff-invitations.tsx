import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffInvitation } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState, ListTable } from '../../../components/feedback/list-state';
import { useStaffInvitations } from '../api/staff';
import { InvitationRow } from './invitation-row';
import { useInvitationActions } from './use-invitation-actions';
import { WithdrawDialog } from './withdraw-invitation-dialog';

function InvitationTable({ items, refreshing }: { items: StaffInvitation[]; refreshing: boolean }) {
  const { resend, resendOne, withdraw, withdrawOne, withdrawing, setWithdrawing } = useInvitationActions();
  return (
    <>
      <ListTable label="Invitations" minWidth={820} refreshing={refreshing}>
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
      </ListTable>
      <WithdrawDialog
        invitation={withdrawing}
        isWithdrawing={withdraw.isPending}
        onConfirm={withdrawOne}
        onClose={() => setWithdrawing(null)}
      />
    </>
  );
}

/**
 * `settings/users-and-permissions`, under the staff: the business's invitations waiting for an answer,
 * and those expired or declined in the last 30 days, each re-sent (14 more days) or withdrawn.
 */
export function StaffInvitations() {
  const invitations = useStaffInvitations();
  const items = invitations.data?.items ?? [];
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
      <Card withBorder padding={0} radius="md">
        <ListState
          query={invitations}
          count={items.length}
          loadingLabel="Loading the invitations"
          errorTitle="We could not load the invitations"
          empty={
            <EmptyState title="No open invitations">
              Add staff to invite someone: they get an email and accept at their next sign-in.
            </EmptyState>
          }
        >
          <InvitationTable items={items} refreshing={invitations.isPlaceholderData} />
        </ListState>
      </Card>
    </Stack>
  );
}
