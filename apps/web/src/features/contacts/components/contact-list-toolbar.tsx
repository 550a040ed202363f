import { useState } from 'react';
import { Button, Group, Switch, TextInput } from '@mantine/core';
import type { ContactKind } from '@ipos/contracts';
import { showApiError } from '../../../components/toast';
import { downloadContactsCsv, saveBlob } from '../api/contacts';
import type { useContactSearch } from './use-contact-search';

/**
 * Above the contact list: the search and "Show archived"; for those who manage contacts, import,
 * the CSV export of the tab's kind, and a new contact of that kind.
 */
export function ContactListToolbar({
  kind,
  kindLabel,
  search,
  showArchived,
  onShowArchived,
  canManage,
  onImport,
  onNew,
}: {
  kind: ContactKind;
  /** The tab's name: Customers or Vendors. */
  kindLabel: string;
  search: ReturnType<typeof useContactSearch>;
  showArchived: boolean;
  onShowArchived: (on: boolean) => void;
  canManage: boolean;
  onImport: () => void;
  onNew: () => void;
}) {
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    try {
      saveBlob(await downloadContactsCsv(kind), `${kind}s.csv`);
    } catch (error) {
      showApiError(error, 'Could not export the contacts');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={`Search ${kindLabel.toLowerCase()}`}
          placeholder="Name, phone or email"
          type="search"
          w={300}
          value={search.text}
          onChange={(event) => search.type(event.currentTarget.value)}
        />
        <Switch
          label="Show archived"
          checked={showArchived}
          onChange={(event) => onShowArchived(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {canManage ? (
        <Group gap="xs">
          <Button variant="default" onClick={onImport}>
            Import
          </Button>
          <Button variant="default" onClick={() => void exportNow()} loading={exporting}>
            Export
          </Button>
          <Button onClick={onNew}>{`New ${kind}`}</Button>
        </Group>
      ) : null}
    </Group>
  );
}
