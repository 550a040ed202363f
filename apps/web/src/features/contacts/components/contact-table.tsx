import { ActionIcon, Anchor, Badge, Group, Menu, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Contact } from '@ipos/contracts';
import { NoValue } from '../../../components/table/no-value';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
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

  const columns: TableColumn<Contact>[] = [
    {
      key: 'name',
      label: 'Name',
      priority: 0,
      minWidth: 112,
      cell: (c) => (
        <Group gap="xs">
          <Anchor component={Link} to={contactPath(c)} fw={500} onClick={onOpen}>
            {c.name}
          </Anchor>
          {c.archived ? (
            <Badge color="gray" variant="light" size="sm">
              Archived
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'phone', label: 'Phone', kind: 'code', priority: 1, cell: (c) => c.phone ?? <NoValue /> },
    { key: 'email', label: 'Email', kind: 'code', priority: 2, cell: (c) => c.email ?? <NoValue /> },
  ];
  if (canManage)
    columns.push({
      key: 'actions',
      label: 'Actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      thProps: { w: 60 },
      cell: (c) => (
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
      ),
    });
  return (
    <ResponsiveTable
      label={label}
      columns={columns}
      rows={items}
      rowKey={(c) => c.id}
      rowLabel={(c) => c.name}
      rowProps={() => ({ 'data-testid': 'contact-row' })}
      refreshing={refreshing}
      busy={isFetching}
    />
  );
}
