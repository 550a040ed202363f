import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import type { Category } from '@ipos/contracts';
import { toast } from '../../../components/toast';
import { useRenameCategory } from '../api/categories';
import { CategoryNameForm } from './category-name-form';

/** What is being edited inline: a category's name, or a new category under a parent (null: the top). */
export type Editing = { kind: 'rename'; category: Category } | { kind: 'add'; parentId: string | null } | null;

export function CategoryRow({
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
                  // The name holds the words on the button (WCAG 2.5.3).
                  aria-label={`Add sub-category to ${category.name}`}
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
