import { useNavigate } from 'react-router';
import { showApiError, toast } from '../../../components/toast';
import { useCreateProduct, useUploadProductImage } from '../../../features/catalog/api/products';
import { ProductForm } from '../../../features/catalog/components/product-form';
import { createdProductMessage } from '../../../features/catalog/components/created-product-message';
import { ProductFormPage } from './product-form-page';
import { pathTo } from '../../../lib/route-paths';

/** `/dashboard/inventory/create`: a new product; its image uploads right after it is created. */
export function CreateProductRoute() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const upload = useUploadProductImage();
  return (
    <ProductFormPage title="Add a product">
      {(data) => (
        <ProductForm
          mode="create"
          currency={data.currency}
          stores={data.stores}
          categories={data.categories}
          taxRates={data.taxRates}
          canSeeCosts={data.canSeeCosts}
          onCancel={() => void navigate(pathTo('dashboard.inventory'))}
          onSubmit={async (body, image) => {
            const product = await create.mutateAsync(body);
            if (image.kind === 'new') {
              try {
                await upload.mutateAsync({ id: product.id, file: image.file });
              } catch (error) {
                showApiError(error, `Created ${product.name}, but its image could not be uploaded`);
              }
            }
            toast.show({ type: 'success', message: createdProductMessage(product, body) });
            void navigate(pathTo('dashboard.inventory.view/:id', { id: product.id }));
          }}
        />
      )}
    </ProductFormPage>
  );
}

export { CreateProductRoute as Component };
