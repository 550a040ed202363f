import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Contact } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { pathTo } from '../../../lib/route-paths';
import { useSetContactArchived } from '../api/contacts';
import { ContactFormDialog } from './contact-form-dialog';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The contact's name, details and the actions of those who manage contacts (edit, archive, restore). */
export function ContactHeader({
  contact,
  canManage,
  action,
}: {
  contact: Contact;
  canManage: boolean;
  action: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const setArchived = useSetContactArchived();
  const toggle = async () => {
    const archived = !contact.archived;
    try {
      await setArchived.mutateAsync({ id: contact.id, archived });
      toast.show({
        type: 'success',
        title: archived ? 'Archived' : 'Restored',
        message: archived ? `${contact.name} is hidden from pickers.` : `${contact.name} is back in your contacts.`,
      });
    } catch (error) {
      showApiError(error, archived ? 'Could not archive the contact' : 'Could not restore the contact');
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Anchor
            component={Link}
            to={`${pathTo('dashboard.contact')}${contact.kind === 'vendor' ? '?kind=vendor' : ''}`}
            size="sm"
          >
            ← {contact.kind === 'vendor' ? 'Vendors' : 'Customers'}
          </Anchor>
          <Group gap="sm">
            <Title order={1}>{contact.name}</Title>
            {contact.archived ? (
              <Badge color="gray" variant="light">
                Archived
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs">
          {contact.archived ? null : action}
          {canManage ? (
            <>
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                variant="default"
                color={contact.archived ? undefined : 'red'}
                onClick={() => void toggle()}
                loading={setArchived.isPending}
              >
                {contact.archived ? 'Restore' : 'Archive'}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <Card withBorder padding="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Detail label="Phone" value={contact.phone} />
          <Detail label="Email" value={contact.email} />
          <Detail label="Tax id" value={contact.taxId} />
          <Detail label="Address" value={contact.address} />
          <Detail label="Notes" value={contact.notes} />
        </SimpleGrid>
      </Card>
      {canManage ? <ContactFormDialog opened={editing} onClose={() => setEditing(false)} contact={contact} /> : null}
    </Stack>
  );
}
