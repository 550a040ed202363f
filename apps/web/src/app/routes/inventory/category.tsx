import { CategoryManager } from '../../../features/catalog/components/category-manager';
import { useWorkingContext } from '../../working-context';

/** `/dashboard/inventory/category`: the category tree; its actions need inventory.manage. */
export function CategoryRoute() {
  const { access } = useWorkingContext();
  return <CategoryManager canManage={access.permissions.includes('inventory.manage')} />;
}

export { CategoryRoute as Component };
