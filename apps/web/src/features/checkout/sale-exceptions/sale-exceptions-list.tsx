import { useState } from 'react';
import { Button, Card, Group, Pagination, SegmentedControl, Select, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  saleExceptionKinds,
  saleExceptionStates,
  type CurrencyCode,
  type SaleException,
  type SaleExceptionKind,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { useSetUrlQuery } from '../../../lib/url-query';
import { ResolveSaleExceptionDialog } from './resolve-sale-exception-dialog';
import { useSaleExceptions, type SaleExceptionsQuery } from './sale-exceptions-api';
import { kindLabel, SaleExceptionsTable } from './sale-exceptions-table';

const PAGE_SIZE = 25;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** The list's filters from the URL (`?state=resolved&kind=sold_offline_below_zero&page=2`). */
export function readSaleExceptionsFilter(params: URLSearchParams): SaleExceptionsQuery {
  const page = Number(params.get('page') ?? '1');
  return {
    state: pick(params.get('state'), saleExceptionStates) ?? 'open',
    kind: pick(params.get('kind'), saleExceptionKinds),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

/**
 * The active store's sales made offline that the server accepted with a difference (stock below
 * zero, an old price, an item archived since), newest first: open ones by default, one kind if
 * chosen, and Resolve (with a note) for people who adjust stock.
 */
export function SaleExceptionsList({
  currency,
  timeZone,
  canResolve,
}: {
  currency: CurrencyCode;
  timeZone: string;
  /** inventory.adjust: Resolve on open rows. */
  canResolve: boolean;
}) {
  const [params] = useSearchParams();
  const filter = readSaleExceptionsFilter(params);
  const list = useSaleExceptions(filter);
  const setUrlQuery = useSetUrlQuery();
  const [resolving, setResolving] = useState<SaleException | null>(null);

  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtered = filter.state !== 'open' || filter.kind !== undefined;

  const empty = (
    <EmptyState
      title={
        filter.state === 'resolved'
          ? 'Nothing resolved yet'
          : filter.kind
            ? `Nothing to review: no “${kindLabel(filter.kind).toLowerCase()}”`
            : 'Nothing to review'
      }
      action={
        filtered ? (
          <Button variant="default" onClick={() => setUrlQuery({ state: null, kind: null })}>
            Show everything open
          </Button>
        ) : undefined
      }
    >
      Sales made while the till was offline show here when the server accepted them with stock below zero, at a price
      that had changed, or for an item archived since.
    </EmptyState>
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={filter.state}
          onChange={(value) => setUrlQuery({ state: value === 'open' ? null : value })}
          data={[
            { value: 'open', label: 'To review' },
            { value: 'resolved', label: 'Resolved' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Select
          label="What happened"
          placeholder="Anything"
          w={260}
          clearable
          data={saleExceptionKinds.map((k) => ({ value: k, label: kindLabel(k) }))}
          value={filter.kind ?? null}
          onChange={(value) => setUrlQuery({ kind: value as SaleExceptionKind | null })}
        />
      </Group>
      <Card withBorder padding={0} radius="md">
        <ListState
          query={list}
          count={items.length}
          loadingLabel="Loading the sales made offline"
          errorTitle="We could not load the sales made offline"
          empty={empty}
        >
          <SaleExceptionsTable
            items={items}
            currency={currency}
            timeZone={timeZone}
            refreshing={list.isPlaceholderData}
            canResolve={canResolve}
            onResolve={setResolving}
          />
        </ListState>
      </Card>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={filter.page}
            onChange={(page) => setUrlQuery({ page: page === 1 ? null : String(page) })}
            aria-label="Pages"
          />
        </Group>
      ) : null}
      <ResolveSaleExceptionDialog exception={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}
