import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';

/**
 * Product categories of a business: top-level ones and, one level down, their children.
 * Siblings are ordered by `position`; a name is unique among its siblings (case-insensitive).
 */
export const categoryNameSchema = z.string().trim().min(1, 'Enter a name').max(80, 'Use at most 80 characters');

export const categorySchema = z.object({
  id: z.string().uuid(),
  /** Null for a top-level category. */
  parentId: z.string().uuid().nullable(),
  name: z.string(),
  position: z.number().int(),
  isArchived: z.boolean(),
  version: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** A top-level category with its children, in order. */
export const categoryNodeSchema = categorySchema.extend({ children: z.array(categorySchema) });
export type CategoryNode = z.infer<typeof categoryNodeSchema>;

export const categoryTreeSchema = z.object({ items: z.array(categoryNodeSchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const categoryParamsSchema = z.object({ categoryId: z.string().uuid() });

export const listCategoriesQuerySchema = z.object({
  /** `true` includes archived categories (and archived children). */
  includeArchived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const createCategoryBodySchema = z.strictObject({
  name: categoryNameSchema,
  /** A top-level, non-archived category of the same business; absent or null for a top-level one. */
  parentId: z.string().uuid().nullable().optional(),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

export const renameCategoryBodySchema = z.strictObject({
  name: categoryNameSchema,
  version: z.number().int().min(1),
});
export type RenameCategoryBody = z.infer<typeof renameCategoryBodySchema>;

export const reorderCategoriesBodySchema = z.strictObject({
  /** Whose children to order; null orders the top-level categories. */
  parentId: z.string().uuid().nullable(),
  /** Exactly the current non-archived siblings under that parent, in their new order. */
  orderedIds: z.array(z.string().uuid()).max(1000),
});
export type ReorderCategoriesBody = z.infer<typeof reorderCategoriesBodySchema>;

export const categoryVersionBodySchema = z.strictObject({ version: z.number().int().min(1) });
export type CategoryVersionBody = z.infer<typeof categoryVersionBodySchema>;

export const listCategories = defineEndpoint({
  method: 'GET',
  path: '/api/v1/categories',
  summary: 'The category tree: top-level categories in order, each with its children in order',
  tags: ['catalog'],
  access: 'inventory.view',
  query: listCategoriesQuerySchema,
  status: 200,
  response: categoryTreeSchema,
});

export const createCategory = defineEndpoint({
  method: 'POST',
  path: '/api/v1/categories',
  summary: 'Create a top-level category or a sub-category (one level of nesting), placed last',
  tags: ['catalog'],
  access: 'inventory.manage',
  body: createCategoryBodySchema,
  status: 201,
  response: categorySchema,
});

export const renameCategory = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/categories/:categoryId',
  summary: 'Rename a category (send the version you read)',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: categoryParamsSchema,
  body: renameCategoryBodySchema,
  status: 200,
  response: categorySchema,
});

export const reorderCategories = defineEndpoint({
  method: 'POST',
  path: '/api/v1/categories/reorder',
  summary: 'Set the order of the non-archived siblings under one parent (null: the top level)',
  tags: ['catalog'],
  access: 'inventory.manage',
  body: reorderCategoriesBodySchema,
  status: 200,
  response: categoryTreeSchema,
});

export const archiveCategory = defineEndpoint({
  method: 'POST',
  path: '/api/v1/categories/:categoryId/archive',
  summary: 'Archive a category; archiving a top-level category archives its children too',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: categoryParamsSchema,
  body: categoryVersionBodySchema,
  status: 200,
  response: categorySchema,
});

export const unarchiveCategory = defineEndpoint({
  method: 'POST',
  path: '/api/v1/categories/:categoryId/unarchive',
  summary: 'Restore an archived category (last among its siblings); a child needs its parent restored first',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: categoryParamsSchema,
  body: categoryVersionBodySchema,
  status: 200,
  response: categorySchema,
});
