import { showApiError } from '../../../components/toast';
import { useProductsById } from '../api/products';
import { LabelsDialog } from './labels-dialog';

/** Labels for the selected products: each product's variants, fetched when the dialog opens. */
export function SelectionLabels({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const products = useProductsById(ids);
  const items = (products.data ?? []).flatMap((p) =>
    p.variants
      .filter((v) => !v.isArchived)
      .map((v) => ({ variantId: v.id, name: v.label ? `${p.name} (${v.label})` : p.name })),
  );
  if (products.isError) {
    showApiError(products.error, 'Could not load the selected products');
    onClose();
    return null;
  }
  return <LabelsDialog opened={products.isSuccess} onClose={onClose} items={items} />;
}
