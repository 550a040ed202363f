import { TaxRateList } from '../../../features/taxes/components/tax-rate-list';
import { useWorkingContext } from '../../working-context';

/** `/dashboard/settings/tax-management`: the tax rates; changing them needs settings.tax. */
export function TaxManagementRoute() {
  const { access } = useWorkingContext();
  return (
    <TaxRateList
      canManage={access.permissions.includes('settings.tax')}
      createPath="/dashboard/settings/tax-management/create"
    />
  );
}

export { TaxManagementRoute as Component };
