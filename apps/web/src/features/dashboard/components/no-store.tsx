import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';

export interface StoreChoice {
  storeId: string;
  label: string;
}

/**
 * Store mode without an active store: the person picks one of theirs, or learns that they work in
 * none yet: a business invites them, and they accept the invitation the frame shows above.
 */
export function NoStore({
  choices,
  onChoose,
  isOwner,
  hasInvitations,
}: {
  choices: readonly StoreChoice[];
  onChoose: (storeId: string) => void;
  isOwner: boolean;
  /** Whether invitations wait for the person's answer (shown above the screen); unknown while they load. */
  hasInvitations?: boolean;
}) {
  const nextStep =
    hasInvitations === undefined
      ? ''
      : hasInvitations
        ? 'Accept an invitation above to start working.'
        : 'Ask your manager to invite you: the invitation comes by email and shows here when you sign in.';
  return (
    <Stack gap="xl">
      <Title order={1}>Dashboard</Title>
      <Card withBorder padding="lg" radius="md" data-testid="no-store">
        <Stack gap="md">
          {choices.length === 0 ? (
            <Text>
              {isOwner
                ? 'Your businesses have no store yet.'
                : `You are not a member of any store yet. ${nextStep}`.trim()}
            </Text>
          ) : (
            <>
              <Text>Choose the store to work in.</Text>
              <Group gap="sm">
                {choices.map((choice) => (
                  <Button key={choice.storeId} variant="light" onClick={() => onChoose(choice.storeId)}>
                    {choice.label}
                  </Button>
                ))}
              </Group>
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** Admin mode opened by someone who owns no business: admin mode has nothing for them. */
export function NotAnOwner({
  choices,
  onChoose,
}: {
  choices: readonly StoreChoice[];
  onChoose: (storeId: string) => void;
}) {
  return (
    <Stack gap="xl">
      <Title order={1}>Dashboard</Title>
      <Card withBorder padding="lg" radius="md" data-testid="not-an-owner">
        <Stack gap="md">
          <Text>Admin mode is for business owners, and you do not own a business.</Text>
          {choices.length > 0 && (
            <Group gap="sm">
              {choices.map((choice) => (
                <Button key={choice.storeId} variant="light" onClick={() => onChoose(choice.storeId)}>
                  Work in {choice.label}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
