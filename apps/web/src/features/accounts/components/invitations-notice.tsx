import { useRef, useState } from 'react';
import { Alert, Box, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { MyInvitation } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { describeApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  useAcceptMyInvitation,
  useDeclineMyInvitation,
  useForgetMyInvitation,
  useMyInvitations,
} from '../api/my-invitations';
import { roleLabel } from '../../../lib/role-label';

type Answer = 'accept' | 'decline';

/** Withdrawn, expired or answered elsewhere (410), or gone (404): the card goes, and a toast says why. */
const isNoLongerOpen = (error: unknown) =>
  isApiError(error) && (error.code === 'INVITATION_INVALID' || error.status === 404);

function DeclineDialog({
  invitation,
  opened,
  isDeclining,
  onConfirm,
  onClose,
}: {
  invitation: MyInvitation;
  opened: boolean;
  isDeclining: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Decline the invitation from ${invitation.businessName}?`}>
      <Stack gap="md">
        <Text>
          {invitation.businessName} is told that you declined; nothing else changes. To join later, ask them to invite
          you again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the invitation
          </Button>
          <Button color="red" loading={isDeclining} onClick={onConfirm}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One invitation: who asks, for what, until when; accepted at once, declined after a confirmation. */
function InvitationCard({
  invitation,
  onAnswered,
  onJoined,
}: {
  invitation: MyInvitation;
  onAnswered: () => void;
  onJoined: (joined: { businessId: string; storeIds: string[] }) => void;
}) {
  const accept = useAcceptMyInvitation();
  const decline = useDeclineMyInvitation();
  const forget = useForgetMyInvitation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ answer: Answer; error: unknown } | null>(null);
  const business = invitation.businessName;
  const titleId = `invitation-${invitation.id}`;
  const timeZone = useDisplayTimeZone();

  const failed = (answer: Answer) => (error: unknown) => {
    setConfirming(false);
    if (isNoLongerOpen(error)) {
      forget(invitation.id);
      toast.show({
        type: 'warning',
        title: `The invitation from ${business} is no longer open`,
        message: 'It was withdrawn, answered or has expired. Ask the business to invite you again to join.',
      });
      onAnswered();
    } else setFailure({ answer, error });
  };
  const answer = (which: Answer) => {
    setFailure(null);
    if (which === 'accept')
      accept.mutate(invitation.id, {
        onSuccess: (joined) => {
          toast.show({ type: 'success', message: `You joined ${business}.` });
          onJoined(joined);
          forget(invitation.id);
          onAnswered();
        },
        onError: failed('accept'),
      });
    else
      decline.mutate(invitation.id, {
        onSuccess: () => {
          setConfirming(false);
          toast.show({ type: 'success', message: `You declined the invitation from ${business}.` });
          forget(invitation.id);
          onAnswered();
        },
        onError: failed('decline'),
      });
  };

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId} data-testid="my-invitation">
      <Stack gap="xs">
        <Text fw={600} id={titleId}>
          {business} invites you to its staff
        </Text>
        <Text size="sm">
          As {roleLabel(invitation.roleName)} in {invitation.stores.map((s) => `${s.name} (${s.alias})`).join(', ')}
        </Text>
        <Text size="sm" c="dimmed">
          Invited by {invitation.invitedByName} on {formatDate(invitation.invitedAt, timeZone)}; open until{' '}
          {formatDateTime(invitation.expiresAt, timeZone)}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title="Your answer did not reach iPos">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{describeApiError(failure.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => answer(failure.answer)}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            loading={accept.isPending}
            disabled={decline.isPending}
            onClick={() => answer('accept')}
            aria-label={`Accept the invitation from ${business}`}
          >
            Accept
          </Button>
          <Button
            variant="default"
            disabled={accept.isPending}
            onClick={() => setConfirming(true)}
            aria-label={`Decline the invitation from ${business}`}
          >
            Decline
          </Button>
        </Group>
      </Stack>
      <DeclineDialog
        invitation={invitation}
        opened={confirming}
        isDeclining={decline.isPending}
        onConfirm={() => answer('decline')}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

/**
 * The invitations waiting for the signed-in person, shown wherever they are in the dashboard until
 * answered (decision 0022). Nothing shows while they load or when there are none; a failure to load
 * shows only when asked (`showLoadError`: someone with no store, for whom an invitation is the way in).
 */
export function InvitationsNotice({
  showLoadError = false,
  onJoined,
}: {
  showLoadError?: boolean;
  /** After an acceptance, once the account (GET /me) is read again. */
  onJoined: (joined: { businessId: string; storeIds: string[] }) => void;
}) {
  const invitations = useMyInvitations();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = invitations.data?.items ?? [];

  // The answered card is gone: focus goes to the notice's heading, or to the screen when none is left.
  const onAnswered = () => requestAnimationFrame(() => (heading.current ?? document.getElementById('main'))?.focus());

  if (invitations.isError && showLoadError)
    return (
      <Box mb="lg">
        <LoadError
          title="We could not load your invitations"
          error={invitations.error}
          onRetry={() => void invitations.refetch()}
          isRetrying={invitations.isFetching}
        />
      </Box>
    );
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg" component="section" aria-labelledby="my-invitations-heading" data-testid="my-invitations">
      <Title order={2} size="h4" id="my-invitations-heading" ref={heading} tabIndex={-1}>
        {items.length === 1 ? 'An invitation is waiting for your answer' : 'Invitations waiting for your answer'}
      </Title>
      {items.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} onAnswered={onAnswered} onJoined={onJoined} />
      ))}
    </Stack>
  );
}
