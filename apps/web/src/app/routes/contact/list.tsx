import { Stack, Title } from '@mantine/core';
import { ContactList } from '../../../features/contacts/components/contact-list';
import { useWorkingContext } from '../../working-context';

/** `/dashboard/contact`: customers and vendors of the business. */
export function ContactsRoute() {
  const { access } = useWorkingContext();
  return (
    <Stack gap="lg">
      <Title order={1}>Contacts</Title>
      <ContactList canManage={access.permissions.includes('contacts.manage')} />
    </Stack>
  );
}

export { ContactsRoute as Component };
