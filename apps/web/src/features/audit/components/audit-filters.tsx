import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { auditSections, type AuditSection } from '@ipos/contracts';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { useAuditPeople, type AuditFilter } from '../api/audit-trail';

/** The trail's filters, each kept in the URL: days (up to today), person, section, action and record. */
export function AuditFilters({ filter, today }: { filter: AuditFilter; today: string }) {
  const setQuery = useSetUrlQuery();
  const people = useAuditPeople();
  const action = useUrlTextFilter(filter.action, (value, typing) => setQuery({ action: value }, typing));
  const record = useUrlTextFilter(filter.recordId, (value, typing) => setQuery({ record: value }, typing));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      <TextInput
        label="From"
        type="date"
        value={filter.from ?? ''}
        max={today}
        onChange={(e) => setQuery({ from: e.currentTarget.value || null })}
      />
      <TextInput
        label="To"
        type="date"
        value={filter.to ?? ''}
        max={today}
        onChange={(e) => setQuery({ to: e.currentTarget.value || null })}
      />
      <Select
        label="Person"
        placeholder="Everyone"
        clearable
        searchable
        data={(people.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={filter.actorId ?? null}
        onChange={(value) => setQuery({ person: value })}
      />
      <Select
        label="Section"
        placeholder="All sections"
        clearable
        data={(Object.keys(auditSections) as AuditSection[]).map((s) => ({ value: s, label: auditSections[s] }))}
        value={filter.section ?? null}
        onChange={(value) => setQuery({ section: value })}
      />
      <TextInput label="Action" placeholder="sale.voided, or sale. for all" {...action.inputProps} />
      <TextInput label="Record id" placeholder="The id of a sale, a product…" {...record.inputProps} />
    </SimpleGrid>
  );
}
