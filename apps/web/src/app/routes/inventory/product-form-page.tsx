import type { ReactNode } from 'react';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CategoryNode, CurrencyCode, Membership, TaxRate } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { useCategories } from '../../../features/catalog/api/categories';
import type { StoreRef } from '../../../features/catalog/components/product-form-values';
import { useTaxRates } from '../../../features/taxes/api/tax-rates';
import { useWorkingContext } from '../../working-context';
import { NoAccess } from '../../../components/feedback/no-access';
import { pathTo } from '../../../lib/route-paths';

export interface ProductFormData {
  currency: CurrencyCode;
  membership: Membership;
  /** The stores of the active store's business the person works in. */
  stores: StoreRef[];
  categories: CategoryNode[];
  taxRates: TaxRate[];
  /** inventory.costs: the form shows and sends cost prices. */
  canSeeCosts: boolean;
}

/**
 * The frame of `inventory/create` and `inventory/edit/{id}`: a back link, the title, and the form
 * once the categories and active tax rates are in (the form's selects need them). Changing products
 * needs inventory.manage in a store.
 */
export function ProductFormPage({
  title,
  back = { to: pathTo('dashboard.inventory'), label: 'Inventory' },
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  children: (data: ProductFormData) => ReactNode;
}) {
  const { access, membership, me } = useWorkingContext();
  const categories = useCategories(false);
  const taxRates = useTaxRates(false);
  const canManage = access.permissions.includes('inventory.manage');
  const stores: StoreRef[] = (me.data?.memberships ?? [])
    .filter((m) => m.businessId === membership?.businessId)
    .map((m) => ({ id: m.storeId, name: m.storeName, alias: m.storeAlias }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Title order={1}>{title}</Title>
      {!membership ? (
        <Card withBorder padding="lg" radius="md">
          <Text>Choose a store to work in first.</Text>
        </Card>
      ) : !canManage ? (
        <NoAccess />
      ) : (
        <WhenLoaded
          query={categories}
          loadingLabel="Loading the categories"
          errorTitle="We could not load the categories"
        >
          {(tree) => (
            <WhenLoaded
              query={taxRates}
              loadingLabel="Loading the tax rates"
              errorTitle="We could not load the tax rates"
            >
              {(rates) =>
                children({
                  currency: membership.currency,
                  membership,
                  stores,
                  categories: tree.items,
                  taxRates: rates.items.filter((r) => r.isActive),
                  canSeeCosts: access.permissions.includes('inventory.costs'),
                })
              }
            </WhenLoaded>
          )}
        </WhenLoaded>
      )}
    </Stack>
  );
}
