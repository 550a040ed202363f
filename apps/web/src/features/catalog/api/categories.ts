import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveCategory,
  createCategory,
  listCategories,
  renameCategory,
  reorderCategories,
  unarchiveCategory,
  type CreateCategoryBody,
  type ReorderCategoriesBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

const categoriesKey = ['catalog', 'categories'] as const;

/** GET /api/v1/categories: the tree of the active store's business. */
export function categoriesQueryOptions(includeArchived: boolean) {
  return queryOptions({
    queryKey: [...categoriesKey, { includeArchived }] as const,
    queryFn: ({ signal }) =>
      apiRequest(listCategories, { query: { includeArchived: includeArchived ? 'true' : 'false' }, signal }),
  });
}

export function useCategories(includeArchived: boolean) {
  return useQuery(categoriesQueryOptions(includeArchived));
}

/** Every change refreshes the tree (both with and without the archived ones). */
function useCategoryMutation<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

export const useCreateCategory = () =>
  useCategoryMutation((body: CreateCategoryBody) => apiRequest(createCategory, { body }));

export const useRenameCategory = () =>
  useCategoryMutation(({ id, name, version }: { id: string; name: string; version: number }) =>
    apiRequest(renameCategory, { params: { categoryId: id }, body: { name, version } }),
  );

export const useReorderCategories = () =>
  useCategoryMutation((body: ReorderCategoriesBody) => apiRequest(reorderCategories, { body }));

export const useSetCategoryArchived = () =>
  useCategoryMutation(({ id, version, archived }: { id: string; version: number; archived: boolean }) =>
    apiRequest(archived ? archiveCategory : unarchiveCategory, { params: { categoryId: id }, body: { version } }),
  );
