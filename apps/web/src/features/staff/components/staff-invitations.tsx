import { Card, Stack, Text, Title } from '@mantine/core';
import type { StaffInvitation } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { useStaffInvitations } from '../api/staff';
import { invitationColumns } from './invitation-columns';
import { useInvitationActions } from './use-invitation-actions';
import { WithdrawDialog } from './withdraw-invitation-dialog';

function InvitationTable({ items, refreshing }: { items: StaffInvitation[]; refreshing: boolean }) {
  const { resend, resendOne, withdraw, withdrawOne, withdrawing, setWithdrawing } = useInvitationActions();
  const timeZone = useDisplayTimeZone();
  return (
    <>
      <ResponsiveTable
        label="Invitations"
        columns={invitationColumns({
          timeZone,
          isResending: (invitation) => resend.isPending && resend.variables?.invitationId === invitation.id,
          onResend: resendOne,
          onWithdraw: setWithdrawing,
        })}
        rows={items}
        rowKey={(invitation) => invitation.id}
        rowLabel={(invitation) => invitation.name}
        rowProps={() => ({ 'data-testid': 'invitation-row' })}
        refreshing={refreshing}
      />
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
