import { createContext, useContext } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '../../lib/api-client';

/** What a refusal is about: the place the person opened and the business whose administrators grant roles. */
export interface NoAccessScope {
  /** "Reports", "Audit trail"; absent: "this page". */
  what?: string;
  /** Absent: "your business". */
  businessName?: string;
}

const NoAccessScopeContext = createContext<NoAccessScope>({});

/** The dashboard frame names the current page and business once, for every refusal inside it. */
export const NoAccessScopeProvider = NoAccessScopeContext.Provider;

/** The API refused the person's role (403 FORBIDDEN): a matter of permission, not a failure to retry. */
export const isAccessRefused = (error: unknown) =>
  isApiError(error) && error.status === 403 && error.code === 'FORBIDDEN';

/**
 * A place the person's role may not open, said calmly with who can change that: not an error, and no
 * retry, since trying again cannot help. `page` makes it the screen's heading.
 */
export function NoAccess({ what, businessName, page = false }: NoAccessScope & { page?: boolean }) {
  const scope = useContext(NoAccessScopeContext);
  const place = what ?? scope.what ?? 'this page';
  const business = businessName ?? scope.businessName ?? 'your business';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="no-access">
      <Stack gap="xs" align="flex-start">
        <Title order={page ? 1 : 2} size="h3">
          {`You don't have access to ${place}`}
        </Title>
        <Text c="dimmed">
          {`Your role does not include this permission. Ask an administrator of ${business} to give your role this permission.`}
        </Text>
      </Stack>
    </Card>
  );
}
