import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveProduct,
  commitProductImport,
  createProduct,
  deleteProductImage,
  exportProducts,
  findByBarcode,
  getProduct,
  getProductImage,
  listProducts,
  previewProductImport,
  printLabels,
  putProductImage,
  unarchiveProduct,
  updateProduct,
  type CreateProductBody,
  type LabelsBody,
  type ListProductsQuery,
  type Product,
  type UpdateProductBody,
} from '@ipos/contracts';
import { apiBlob, apiRequest, isApiError } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/object-url';

/** Every product query starts with this key, so one invalidation refreshes lists, pages and lookups. */
export const productsKey = ['catalog', 'products'] as const;

// ---------------------------------------------------------------- reads

/** GET /api/v1/products: one page of the catalogue with the active store's figures. */
export function productsQueryOptions(query: ListProductsQuery) {
  return queryOptions({
    queryKey: [...productsKey, 'list', query] as const,
    queryFn: ({ signal }) => apiRequest(listProducts, { query, signal }),
    // Paging and typing keep the previous page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ListProductsQuery) {
  return useQuery(productsQueryOptions(query));
}

/** GET /api/v1/products/:id: the product with its variants, barcodes and stock in every store. */
export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...productsKey, 'detail', id] as const,
    queryFn: ({ signal }) => apiRequest(getProduct, { params: { productId: id }, signal }),
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

/** Several products at once (labels for a selection need each product's variants). */
export function useProductsById(ids: readonly string[], enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...productsKey, 'many', [...ids].sort()] as const,
    queryFn: () => Promise.all(ids.map((id) => queryClient.fetchQuery(productQueryOptions(id)))),
    enabled: enabled && ids.length > 0,
  });
}

/**
 * GET /api/v1/products/barcodes/:code: the variant carrying exactly this barcode, or null when no
 * product carries it (a 404 is an answer here, not a failure).
 */
export async function lookupBarcode(code: string, signal?: AbortSignal) {
  try {
    return await apiRequest(findByBarcode, { params: { code }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

// ---------------------------------------------------------------- changes

function useProductMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      // A product answer is the fresh page of that product: show it without another request.
      if (result && typeof result === 'object' && 'variants' in result) {
        const product = result as unknown as Product;
        queryClient.setQueryData(productQueryOptions(product.id).queryKey, product);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}

export const useCreateProduct = () =>
  useProductMutation((body: CreateProductBody) => apiRequest(createProduct, { body }));

export const useUpdateProduct = () =>
  useProductMutation(({ id, body }: { id: string; body: UpdateProductBody }) =>
    apiRequest(updateProduct, { params: { productId: id }, body }),
  );

export const useSetProductArchived = () =>
  useProductMutation(({ id, version, archived }: { id: string; version: number; archived: boolean }) =>
    apiRequest(archived ? archiveProduct : unarchiveProduct, { params: { productId: id }, body: { version } }),
  );

export const useUploadProductImage = () =>
  useProductMutation(({ id, file }: { id: string; file: Blob }) =>
    apiRequest(putProductImage, { params: { productId: id }, file }),
  );

export const useDeleteProductImage = () =>
  useProductMutation((id: string) => apiRequest(deleteProductImage, { params: { productId: id } }));

// ---------------------------------------------------------------- image

/**
 * The product image as an object URL. An `<img src>` cannot send the bearer token, so the bytes come
 * through the API client and live as a blob URL until the image changes or the component unmounts.
 * `imageVersion` null: no image (no request).
 */
export function useProductImageUrl(productId: string | undefined, imageVersion: number | null | undefined) {
  const enabled = Boolean(productId) && imageVersion != null;
  const image = useQuery({
    queryKey: [...productsKey, 'image', productId, imageVersion] as const,
    queryFn: ({ signal }) =>
      apiBlob(getProductImage, { params: { productId: productId! }, query: { v: imageVersion! }, signal }),
    enabled,
    staleTime: Infinity,
  });
  const url = useObjectUrl(enabled ? image.data : undefined);
  return { url, isLoading: enabled && image.isPending, isError: image.isError };
}

// ---------------------------------------------------------------- files

export { saveBlob } from '../../../lib/download';

/** GET /api/v1/products/export: the catalogue as CSV (every variant, stock of the active store). */
export const downloadProductsCsv = (archived: 'false' | 'true' | 'all' = 'false') =>
  apiBlob(exportProducts, { query: { archived } });

export const usePreviewProductImport = () =>
  useMutation({ mutationFn: (file: Blob) => apiRequest(previewProductImport, { file }) });

export function useCommitProductImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => apiRequest(commitProductImport, { file }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}

/** POST /api/v1/products/labels: a PDF sheet of barcode labels. */
export const usePrintLabels = () => useMutation({ mutationFn: (body: LabelsBody) => apiBlob(printLabels, { body }) });
