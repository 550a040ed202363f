import { useState } from 'react';
import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { Category, CategoryNode } from '@ipos/contracts';
import { ListState } from '../../../components/feedback/list-state';
import { showApiError, toast } from '../../../components/toast';
import { useCategories, useCreateCategory, useReorderCategories } from '../api/categories';
import { CategoryArchiveDialog } from './category-archive-dialog';
import { CategoryNameForm } from './category-name-form';
import { CategoryRow, type Editing } from './category-row';

/**
 * `/dashboard/inventory/category`: the category tree. With `canManage` (inventory.manage): add,
 * rename inline, move up and down (buttons, so the keyboard can do everything), archive and restore
 * with a confirmation. Without it, the same tree, read-only.
 */
export function CategoryManager({ canManage }: { canManage: boolean }) {
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Category | null>(null);
  const tree = useCategories(showArchived);
  const create = useCreateCategory();
  const reorder = useReorderCategories();

  const move = (items: Category[], parentId: string | null) => (category: Category, direction: -1 | 1) => {
    const ids = items.filter((c) => !c.isArchived).map((c) => c.id);
    const from = ids.indexOf(category.id);
    const to = from + direction;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate(
      { parentId, orderedIds: ids },
      { onError: (error) => showApiError(error, 'Could not move the category') },
    );
  };

  const addForm = (parentId: string | null, parentName?: string) =>
    editing?.kind === 'add' && editing.parentId === parentId ? (
      <CategoryNameForm
        label={parentName ? `New sub-category of ${parentName}` : 'New category'}
        submitLabel="Add"
        errorTitle="Could not add the category"
        onCancel={() => setEditing(null)}
        onSubmit={async (name) => {
          await create.mutateAsync({ name, parentId });
          toast.show({ type: 'success', message: `Added ${name}.` });
          setEditing(null);
        }}
      />
    ) : null;

  const items = tree.data?.items ?? [];
  const rowProps = { canManage, editing, setEditing, onArchive: setConfirming };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Categories</Title>
        <Group gap="md">
          <Switch
            label="Show archived"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
          {canManage ? <Button onClick={() => setEditing({ kind: 'add', parentId: null })}>Add category</Button> : null}
        </Group>
      </Group>
      {addForm(null)}
      <ListState
        query={tree}
        count={items.length}
        loadingLabel="Loading the categories"
        errorTitle="We could not load the categories"
        empty={
          <Card withBorder padding="lg" radius="md">
            <Text>{canManage ? 'No categories yet. Add the first one.' : 'No categories yet.'}</Text>
          </Card>
        }
      >
        <Card withBorder padding="md" radius="md">
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Categories">
            {items.map((node: CategoryNode) => (
              <li key={node.id}>
                <CategoryRow
                  category={node}
                  siblings={items}
                  onMove={move(items, null)}
                  isChild={false}
                  {...rowProps}
                />
                {node.children.length > 0 || (editing?.kind === 'add' && editing.parentId === node.id) ? (
                  <Stack
                    gap={0}
                    component="ul"
                    style={{ listStyle: 'none', margin: 0, padding: 0 }}
                    aria-label={`${node.name} sub-categories`}
                  >
                    {node.children.map((child) => (
                      <li key={child.id}>
                        <CategoryRow
                          category={child}
                          siblings={node.children}
                          onMove={move(node.children, node.id)}
                          isChild
                          {...rowProps}
                        />
                      </li>
                    ))}
                    <li>{addForm(node.id, node.name)}</li>
                  </Stack>
                ) : null}
              </li>
            ))}
          </Stack>
        </Card>
      </ListState>
      <CategoryArchiveDialog confirming={confirming} setConfirming={setConfirming} />
    </Stack>
  );
}
