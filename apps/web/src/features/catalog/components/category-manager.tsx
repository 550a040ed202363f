import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import type { Category, CategoryNode } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import {
  useCategories,
  useCreateCategory,
  useRenameCategory,
  useReorderCategories,
  useSetCategoryArchived,
} from '../api/categories';
import { CategoryNameForm } from './category-name-form';

type Editing = { kind: 'rename'; category: Category } | { kind: 'add'; parentId: string | null } | null;

function CategoryRow({
  category,
  siblings,
  canManage,
  editing,
  setEditing,
  onMove,
  onArchive,
  isChild,
}: {
  category: Category;
  siblings: Category[];
  canManage: boolean;
  editing: Editing;
  setEditing: (e: Editing) => void;
  onMove: (category: Category, direction: -1 | 1) => void;
  onArchive: (category: Category) => void;
  isChild: boolean;
}) {
  const rename = useRenameCategory();
  const active = siblings.filter((s) => !s.isArchived);
  const index = active.findIndex((s) => s.id === category.id);
  if (editing?.kind === 'rename' && editing.category.id === category.id) {
    return (
      <CategoryNameForm
        label={`New name for ${category.name}`}
        submitLabel="Save"
        initialName={category.name}
        errorTitle="Could not rename the category"
        onCancel={() => setEditing(null)}
        onSubmit={async (name) => {
          await rename.mutateAsync({ id: category.id, name, version: category.version });
          toast.show({ type: 'success', message: `Renamed to ${name}.` });
          setEditing(null);
        }}
      />
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" py={4} pl={isChild ? 'xl' : 0} data-testid="category-row">
      <Group gap="xs" wrap="nowrap">
        <Text fw={isChild ? 400 : 600} c={category.isArchived ? 'dimmed' : undefined}>
          {category.name}
        </Text>
        {category.isArchived ? (
          <Badge color="gray" variant="light">
            Archived
          </Badge>
        ) : null}
      </Group>
      {canManage ? (
        <Group gap={4} wrap="nowrap">
          {!category.isArchived ? (
            <>
              <Tooltip label="Move up">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${category.name} up`}
                  disabled={index <= 0}
                  onClick={() => onMove(category, -1)}
                >
                  ↑
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Move down">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${category.name} down`}
                  disabled={index < 0 || index >= active.length - 1}
                  onClick={() => onMove(category, 1)}
                >
                  ↓
                </ActionIcon>
              </Tooltip>
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Rename ${category.name}`}
                onClick={() => setEditing({ kind: 'rename', category })}
              >
                Rename
              </Button>
              {!isChild ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={`Add a sub-category to ${category.name}`}
                  onClick={() => setEditing({ kind: 'add', parentId: category.id })}
                >
                  Add sub-category
                </Button>
              ) : null}
            </>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            color={category.isArchived ? 'blue' : 'red'}
            aria-label={`${category.isArchived ? 'Restore' : 'Archive'} ${category.name}`}
            onClick={() => onArchive(category)}
          >
            {category.isArchived ? 'Restore' : 'Archive'}
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}

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
  const setArchived = useSetCategoryArchived();

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

  const confirmArchive = async () => {
    const category = confirming;
    if (!category) return;
    try {
      await setArchived.mutateAsync({ id: category.id, version: category.version, archived: !category.isArchived });
      toast.show({ type: 'success', message: `${category.isArchived ? 'Restored' : 'Archived'} ${category.name}.` });
    } catch (error) {
      showApiError(error, `Could not ${category.isArchived ? 'restore' : 'archive'} the category`);
    } finally {
      setConfirming(null);
    }
  };

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
      <WhenLoaded query={tree} loadingLabel="Loading the categories" errorTitle="We could not load the categories">
        {({ items }) =>
          items.length === 0 ? (
            <Card withBorder padding="lg" radius="md">
              <Text>{canManage ? 'No categories yet. Add the first one.' : 'No categories yet.'}</Text>
            </Card>
          ) : (
            <Card withBorder padding="md" radius="md">
              <Stack
                gap={0}
                component="ul"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label="Categories"
              >
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
          )
        }
      </WhenLoaded>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.isArchived ? 'Restore this category?' : 'Archive this category?'}
      >
        <Stack>
          <Text>
            {confirming?.isArchived
              ? `${confirming.name} will be back in the list, at the end of its level.`
              : confirming && confirming.parentId === null
                ? `${confirming.name} and its sub-categories will be hidden from the list. You can restore them later.`
                : `${confirming?.name ?? ''} will be hidden from the list. You can restore it later.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color={confirming?.isArchived ? 'blue' : 'red'}
              loading={setArchived.isPending}
              onClick={() => void confirmArchive()}
            >
              {confirming?.isArchived ? 'Restore' : 'Archive'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
