import { useState } from 'react';
import { Card, Group, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Contact, ContactKind } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { useContacts } from '../api/contacts';
import { ContactFormDialog } from './contact-form-dialog';
import { ContactImportDialog } from './contact-import-dialog';
import { ContactListToolbar } from './contact-list-toolbar';
import { ContactTable } from './contact-table';
import { useContactSearch } from './use-contact-search';
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
  const [editing, setEditing] = useState<Contact | null | 'new'>(null);
  const [importing, setImporting] = useState(false);

  const setUrlQuery = useSetUrlQuery();
  const setQuery = (change: Record<string, string | null>) => setUrlQuery(change, 'q' in change);
  const search = useContactSearch(query.q, (q) => setQuery({ q }));

  const data = contacts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const kindWord = query.kind;
  const empty = (
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
  );

  return (
    <Stack gap="md">
      <Tabs value={query.kind} onChange={(value) => setQuery({ kind: value === 'vendor' ? 'vendor' : null })}>
        <Tabs.List>
          <Tabs.Tab value="customer">{tabLabels.customer}</Tabs.Tab>
          <Tabs.Tab value="vendor">{tabLabels.vendor}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ContactListToolbar
        kind={query.kind}
        kindLabel={tabLabels[query.kind]}
        search={search}
        showArchived={query.archived === 'true'}
        onShowArchived={(on) => setQuery({ archived: on ? 'true' : null })}
        canManage={canManage}
        onImport={() => setImporting(true)}
        onNew={() => setEditing('new')}
      />

      <Card withBorder padding={0} radius="md">
        <ListState
          query={contacts}
          count={data?.items.length ?? 0}
          loadingLabel="Loading the contacts"
          errorTitle="We could not load the contacts"
          skeletonRows={6}
          empty={empty}
        >
          <ContactTable
            label={tabLabels[query.kind]}
            items={data?.items ?? []}
            canManage={canManage}
            refreshing={contacts.isPlaceholderData}
            isFetching={contacts.isFetching}
            // A search still waiting to reach the URL must not pull the page back here.
            onOpen={search.cancel}
            onEdit={setEditing}
          />
        </ListState>
      </Card>
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
