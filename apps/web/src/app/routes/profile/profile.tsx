import type { ReactNode } from 'react';
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { toast } from '../../../components/toast';
import { useMyProfile, useUpdateProfile } from '../../../features/accounts/api/profile';
import { EmailChange } from '../../../features/accounts/components/email-change';
import { ProfileDetailsForm } from '../../../features/accounts/components/profile-details-form';
import { PasswordAndPin } from '../../../features/accounts/components/password-and-pin';
import { useEmailConfirmationLink } from '../../../features/accounts/hooks/use-email-confirmation-link';
import { SignOutEverywhere } from '../../../features/identity/components/sign-out-everywhere';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDateTime } from '../../../lib/format';
import { SIGNED_OUT_QUERY } from '../../guards';
import { LANDING_PATH } from '../../route-table';
import { pathTo } from '../../../lib/route-paths';

const PROFILE_PATH = pathTo('dashboard.profile');

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
              <PasswordAndPin profile={data} returnTo={PROFILE_PATH} />
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
