import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Pagination,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  ActionIcon,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import type { Contact, ContactKind } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { LoadError } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { downloadContactsCsv, saveBlob, useContacts, useSetContactArchived } from '../api/contacts';
import { ContactFormDialog, contactPath } from './contact-form-dialog';
import { ContactImportDialog } from './contact-import-dialog';
import { useSetUrlQuery } from '../../../lib/url-query';

const PAGE_SIZE = 25;
const tabLabels: Record<ContactKind, string> = { customer: 'Customers', vendor: 'Vendors' };

/** The list's state lives in the URL: back, forward and reload keep the tab, search, archived and page. */
export function readContactsQuery(params: URLSearchParams) {
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    pageSize: PAGE_SIZE,
    q: params.get('q')?.trim() || undefined,
    kind: (params.get('kind') === 'vendor' ? 'vendor' : 'customer') as ContactKind,
    archived: params.get('archived') === 'true' ? ('true' as const) : ('false' as const),
  };
}

/**
 * `contact`: customers and vendors in two tabs, searched as you type (name, phone however written,
 * email), archived ones on request, 25 a page. Those who manage contacts add, edit, archive,
 * restore, import and export; everyone else only looks.
 */
export function ContactList({ canManage }: { canManage: boolean }) {
  const [params] = useSearchParams();
  const query = readContactsQuery(params);
  const contacts = useContacts(query);
  const setArchived = useSetContactArchived();
  const [text, setText] = useState(query.q ?? '');
  const [editing, setEditing] = useState<Contact | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const setUrlQuery = useSetUrlQuery();
  const setQuery = (change: Record<string, string | null>) => setUrlQuery(change, 'q' in change);
  // The search this box last put in the URL: the URL catching up with the typing must not undo keys
  // typed since; a search changed elsewhere (back, forward) is shown in the box.
  const [pushedQ, setPushedQ] = useState(query.q ?? '');
  const pushSearch = useDebouncedCallback((value: string) => {
    setPushedQ(value.trim());
    setQuery({ q: value.trim() || null });
  }, 250);
  if ((query.q ?? '') !== pushedQ) {
    setPushedQ(query.q ?? '');
    setText(query.q ?? '');
  }

  const exportNow = async () => {
    setExporting(true);
    try {
      saveBlob(await downloadContactsCsv(query.kind), `${query.kind}s.csv`);
    } catch (error) {
      showApiError(error, 'Could not export the contacts');
    } finally {
      setExporting(false);
    }
  };

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

  const data = contacts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const kindWord = query.kind;

  return (
    <Stack gap="md">
      <Tabs value={query.kind} onChange={(value) => setQuery({ kind: value === 'vendor' ? 'vendor' : null })}>
        <Tabs.List>
          <Tabs.Tab value="customer">{tabLabels.customer}</Tabs.Tab>
          <Tabs.Tab value="vendor">{tabLabels.vendor}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={`Search ${tabLabels[query.kind].toLowerCase()}`}
            placeholder="Name, phone or email"
            type="search"
            w={300}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
          />
          <Switch
            label="Show archived"
            checked={query.archived === 'true'}
            onChange={(event) => setQuery({ archived: event.currentTarget.checked ? 'true' : null })}
            mb={8}
          />
        </Group>
        {canManage ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => setImporting(true)}>
              Import
            </Button>
            <Button variant="default" onClick={() => void exportNow()} loading={exporting}>
              Export
            </Button>
            <Button onClick={() => setEditing('new')}>{`New ${kindWord}`}</Button>
          </Group>
        ) : null}
      </Group>

      {contacts.isError ? (
        <LoadError
          title="We could not load the contacts"
          error={contacts.error}
          onRetry={() => void contacts.refetch()}
          isRetrying={contacts.isFetching}
        />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the contacts">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : data.items.length === 0 ? (
        <EmptyState
          title={
            query.q
              ? `No ${kindWord}s match “${query.q}”`
              : query.archived === 'true'
                ? `No archived ${kindWord}s`
                : `No ${kindWord}s yet`
          }
        >
          {query.q || query.archived === 'true'
            ? 'Try another search.'
            : canManage
              ? `Add your first ${kindWord}, or import a CSV file.`
              : 'Someone who manages contacts can add them.'}
        </EmptyState>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" aria-label={tabLabels[query.kind]}>
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
              <Table.Tbody aria-busy={contacts.isFetching}>
                {data.items.map((c) => (
                  <Table.Tr key={c.id} data-testid="contact-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={contactPath(c)}
                          fw={500}
                          // A search still waiting to reach the URL must not pull the page back here.
                          onClick={() => pushSearch.cancel()}
                        >
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
                            <Menu.Item onClick={() => setEditing(c)}>Edit</Menu.Item>
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
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {data && data.total > PAGE_SIZE ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.total} {kindWord}s
          </Text>
          <Pagination
            total={pages}
            value={Math.min(query.page, pages)}
            onChange={(page) => setQuery({ page: page === 1 ? null : String(page) })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      ) : null}

      {canManage ? (
        <>
          <ContactFormDialog
            opened={editing !== null}
            onClose={() => setEditing(null)}
            contact={editing === 'new' ? null : editing}
            kind={query.kind}
          />
          <ContactImportDialog opened={importing} onClose={() => setImporting(false)} />
        </>
      ) : null}
    </Stack>
  );
}
