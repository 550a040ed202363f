import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Contact } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { showApiError, toast } from '../../../components/toast';
import { useSetContactArchived } from '../api/contacts';
import { contactPath } from './contact-form-dialog';

/**
 * A page of contacts, each linking to their page; those who manage contacts edit, archive or
 * restore from the row's menu.
 */
export function ContactTable({
  label,
  items,
  canManage,
  refreshing,
  isFetching,
  onOpen,
  onEdit,
}: {
  label: string;
  items: Contact[];
  canManage: boolean;
  /** The previous page's rows shown while the next loads: dimmed. */
  refreshing: boolean;
  isFetching: boolean;
  /** A contact's link was followed. */
  onOpen: () => void;
  onEdit: (contact: Contact) => void;
}) {
  const setArchived = useSetContactArchived();
  const archive = async (contact: Contact, archived: boolean) => {
    try {
      await setArchived.mutateAsync({ id: contact.id, archived });
      toast.show({
        type: 'success',
        title: archived ? 'Archived' : 'Restored',
        message: archived
          ? `${contact.name} is hidden from pickers; find them with “Show archived”.`
          : `${contact.name} is back in your contacts.`,
      });
    } catch (error) {
      showApiError(error, archived ? 'Could not archive the contact' : 'Could not restore the contact');
    }
  };

  return (
    <ListTable label={label} minWidth={640} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>Email</Table.Th>
          {canManage ? (
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody aria-busy={isFetching}>
        {items.map((c) => (
          <Table.Tr key={c.id} data-testid="contact-row">
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to={contactPath(c)} fw={500} onClick={onOpen}>
                  {c.name}
                </Anchor>
                {c.archived ? (
                  <Badge color="gray" variant="light" size="sm">
                    Archived
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{c.phone ?? <Text c="dimmed">—</Text>}</Table.Td>
            <Table.Td>{c.email ?? <Text c="dimmed">—</Text>}</Table.Td>
            {canManage ? (
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${c.name}`}>
                      ⋯
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => onEdit(c)}>Edit</Menu.Item>
                    {c.archived ? (
                      <Menu.Item onClick={() => void archive(c, false)}>Restore</Menu.Item>
                    ) : (
                      <Menu.Item color="red" onClick={() => void archive(c, true)}>
                        Archive
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
