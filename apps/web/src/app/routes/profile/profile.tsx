import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONFIRM_EMAIL_QUERY, type Profile } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { describeApiError, toast } from '../../../components/toast';
import { useConfirmEmailChange, useMyProfile, useUpdateProfile } from '../../../features/accounts/api/profile';
import { EmailChange } from '../../../features/accounts/components/email-change';
import { ProfileDetailsForm } from '../../../features/accounts/components/profile-details-form';
import { ChangePasswordForm } from '../../../features/accounts/components/password/change-password-form';
import { SignOutEverywhere } from '../../../features/identity/components/sign-out-everywhere';
import { isApiError } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDateTime } from '../../../lib/format';
import { SIGNED_OUT_QUERY } from '../../guards';
import { LANDING_PATH } from '../../route-table';
import { pathTo } from '../../../lib/route-paths';

const PROFILE_PATH = pathTo('dashboard.profile');
const back = `?redirect=${encodeURIComponent(PROFILE_PATH)}`;

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The link mailed for an email change lands here (`?confirm-email=<token>`, decision 0016): the
 * token is spent once, then taken out of the address bar so a reload or a shared screen does not
 * carry it. What went wrong stays on the page, beside the email.
 */
function useEmailConfirmationLink() {
  const [search, setSearch] = useSearchParams();
  const token = search.get(CONFIRM_EMAIL_QUERY);
  const confirm = useConfirmEmailChange();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONFIRM_EMAIL_QUERY);
        return next;
      },
      { replace: true },
    );
    confirm.mutate(token, {
      onSuccess: (profile) =>
        toast.show({ type: 'success', title: 'Email confirmed', message: `You now sign in with ${profile.email}.` }),
      onError: (error) =>
        setFailure(
          isApiError(error) && error.code === 'EMAIL_CHANGE_INVALID'
            ? 'This confirmation link has expired, was cancelled or was already used. Your email has not changed; start the change again if you still want it.'
            : describeApiError(error),
        ),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [token]);

  return { isConfirming: confirm.isPending, failure, dismiss: () => setFailure(null) };
}

function PasswordAndPin({ profile }: { profile: Profile }) {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>Password</Text>
          <Text size="sm" c="dimmed">
            {profile.hasPassword
              ? 'What you sign in with on a new device.'
              : 'You sign in through another service; there is no iPos password to change.'}
          </Text>
        </div>
        {profile.hasPassword ? (
          <Button variant="default" onClick={() => setChangingPassword(true)}>
            Change password
          </Button>
        ) : null}
      </Group>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>PIN</Text>
          <Text size="sm" c="dimmed">
            {profile.hasPin ? 'Unlocks iPos after a break.' : 'You have no PIN yet; iPos asks for one after a break.'}
          </Text>
        </div>
        <Group gap="sm">
          {profile.hasPin ? (
            <>
              <Button component={Link} to={`/onboarding/new-pin${back}`} variant="default">
                Change PIN
              </Button>
              <Anchor component={Link} to={`/onboarding/reset-pin${back}`} size="sm">
                Forgot your PIN?
              </Anchor>
            </>
          ) : (
            <Button component={Link} to={`/onboarding/create-pin${back}`} variant="default">
              Create a PIN
            </Button>
          )}
        </Group>
      </Group>
      <Modal opened={changingPassword} onClose={() => setChangingPassword(false)} title="Change your password">
        <ChangePasswordForm
          onChanged={() => {
            setChangingPassword(false);
            toast.show({ type: 'success', message: 'Your password is changed.' });
          }}
        />
      </Modal>
    </Stack>
  );
}

function ProfileScreen() {
  const profile = useMyProfile();
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const link = useEmailConfirmationLink();
  const timeZone = useDisplayTimeZone();

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>Your profile</Title>
        <Text c="dimmed">Your name, how you sign in, and the devices signed in as you.</Text>
      </Stack>
      {link.failure ? (
        <Alert color="red" variant="light" title="Your email was not changed" withCloseButton onClose={link.dismiss}>
          {link.failure}
        </Alert>
      ) : null}
      <WhenLoaded query={profile} loadingLabel="Loading your profile" errorTitle="Your profile could not be read">
        {(data) => (
          <>
            <Section id="profile-details" title="Your details">
              <ProfileDetailsForm
                key={data.version}
                profile={data}
                onSubmit={async (body) => {
                  await update.mutateAsync(body);
                  toast.show({ type: 'success', message: 'Your details are saved.' });
                }}
              />
            </Section>
            <Section
              id="profile-email"
              title="Email"
              description="Where iPos sends reset links and receipts you ask for."
            >
              {link.isConfirming ? (
                <Text size="sm" role="status">
                  Confirming your new email…
                </Text>
              ) : (
                <EmailChange profile={data} />
              )}
            </Section>
            <Section id="profile-security" title="Password and PIN">
              <PasswordAndPin profile={data} />
            </Section>
            <Section
              id="profile-sessions"
              title="Devices"
              description="Lost a phone or a till, or think someone knows your password? End every session at once."
            >
              {data.sessionsRevokedAt ? (
                <Text size="sm" c="dimmed">
                  Last signed out of every device on {formatDateTime(data.sessionsRevokedAt, timeZone)}.
                </Text>
              ) : null}
              <Group>
                <SignOutEverywhere
                  onSignedOut={() => void navigate(`${LANDING_PATH}?${SIGNED_OUT_QUERY}=1`, { replace: true })}
                />
              </Group>
            </Section>
          </>
        )}
      </WhenLoaded>
    </Stack>
  );
}

/** `/dashboard/profile` (spec: profile): the signed-in person's own account, in store mode. */
export function ProfileRoute() {
  return <ProfileScreen />;
}

export { ProfileRoute as Component };
