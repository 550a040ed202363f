import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Category } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useSetCategoryArchived } from '../api/categories';

/** Asks before archiving a category (a top one takes its sub-categories along) or restoring it, then does it. */
export function CategoryArchiveDialog({
  confirming,
  setConfirming,
}: {
  /** The category to archive or restore; null: closed. */
  confirming: Category | null;
  setConfirming: (category: Category | null) => void;
}) {
  const setArchived = useSetCategoryArchived();
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

  return (
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
  );
}
