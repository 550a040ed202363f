import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { pathTo } from '../../../lib/route-paths';

/**
 * The product list when its page has no rows: a catalogue with nothing in it yet (with its first
 * steps for managers), or filters that match nothing (with a way back to every product).
 */
export function ProductListEmpty({
  hasFilters,
  search,
  canManage,
  onImport,
  onClearFilters,
}: {
  hasFilters: boolean;
  /** The search typed, named in the message. */
  search: string | undefined;
  canManage: boolean;
  onImport: () => void;
  onClearFilters: () => void;
}) {
  if (!hasFilters)
    return (
      <EmptyState
        title="No products yet"
        action={
          canManage ? (
            <Group gap="sm">
              <Button component={Link} to={pathTo('dashboard.inventory.create')}>
                Add product
              </Button>
              <Button variant="default" onClick={onImport}>
                Import CSV
              </Button>
            </Group>
          ) : undefined
        }
      >
        {canManage
          ? 'Add your first product, or import your catalogue from a CSV file.'
          : 'Nothing has been added yet.'}
      </EmptyState>
    );
  return (
    <EmptyState
      title="Nothing matches"
      action={
        <Button variant="default" onClick={onClearFilters}>
          Clear filters
        </Button>
      }
    >
      {search ? `No product matches “${search}” with these filters.` : 'No product matches these filters.'}
    </EmptyState>
  );
}
