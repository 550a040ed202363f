import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { Product } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import {
  useDeleteProductImage,
  useProduct,
  useSetProductArchived,
  useUpdateProduct,
  useUploadProductImage,
} from '../../../features/catalog/api/products';
import { ProductForm } from '../../../features/catalog/components/product-form';
import { storesOfProduct } from '../../../features/catalog/components/product-form-values';
import { ProductFormPage } from './product-form-page';
import { pathTo } from '../../../lib/route-paths';

function ArchiveButton({ product }: { product: Product }) {
  const [confirming, setConfirming] = useState(false);
  const setArchived = useSetProductArchived();
  const archive = !product.isArchived;
  const run = async () => {
    try {
      await setArchived.mutateAsync({ id: product.id, version: product.version, archived: archive });
      toast.show({ type: 'success', message: `${archive ? 'Archived' : 'Restored'} ${product.name}.` });
    } catch (error) {
      showApiError(error, archive ? 'Could not archive the product' : 'Could not restore the product');
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <Button variant="subtle" color={archive ? 'red' : undefined} onClick={() => setConfirming(true)}>
        {archive ? 'Archive product' : 'Restore product'}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={archive ? `Archive ${product.name}?` : `Restore ${product.name}?`}
      >
        <Stack gap="md">
          <Text size="sm">
            {archive
              ? 'It will no longer be sold or listed by default. Its stock history stays, and you can restore it later.'
              : 'It will be listed and sold again.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color={archive ? 'red' : undefined} loading={setArchived.isPending} onClick={() => void run()}>
              {archive ? 'Archive' : 'Restore'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** `/dashboard/inventory/edit/{id}`: change a product (sends the version read), archive or restore it. */
export function EditProductRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const product = useProduct(id);
  const update = useUpdateProduct();
  const upload = useUploadProductImage();
  const removeImage = useDeleteProductImage();
  const viewPath = pathTo('dashboard.inventory.view/:id', { id });
  return (
    <ProductFormPage title="Edit product" back={{ to: viewPath, label: product.data?.name ?? 'Product' }}>
      {(data) =>
        // An id that is not a product of this business (or not an id at all) is "not found", not a retry.
        isApiError(product.error) && (product.error.status === 404 || product.error.status === 400) ? (
          <Card withBorder padding="lg" radius="md" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text>We could not find this product.</Text>
              <Anchor component={Link} to={pathTo('dashboard.inventory')}>
                Back to the inventory
              </Anchor>
            </Stack>
          </Card>
        ) : (
          <WhenLoaded query={product} loadingLabel="Loading the product" errorTitle="We could not load the product">
            {(current) => (
              <ProductForm
                // A reloaded product (after a conflict) starts the form again from what is stored.
                key={`${current.id}:${current.version}`}
                mode="edit"
                product={current}
                currency={data.currency}
                stores={storesOfProduct(current)}
                categories={data.categories}
                taxRates={data.taxRates}
                canSeeCosts={data.canSeeCosts}
                onCancel={() => void navigate(viewPath)}
                onReload={() => void product.refetch()}
                extraActions={<ArchiveButton product={current} />}
                onSubmit={async (body, image) => {
                  const saved = await update.mutateAsync({ id: current.id, body });
                  try {
                    if (image.kind === 'new') await upload.mutateAsync({ id: saved.id, file: image.file });
                    if (image.kind === 'remove') await removeImage.mutateAsync(saved.id);
                  } catch (error) {
                    showApiError(error, `Saved ${saved.name}, but its image could not be changed`);
                  }
                  toast.show({ type: 'success', message: `Saved ${saved.name}.` });
                  void navigate(viewPath);
                }}
              />
            )}
          </WhenLoaded>
        )
      }
    </ProductFormPage>
  );
}

export { EditProductRoute as Component };
