import { Button, FileButton, Image, Loader, Stack, Text } from '@mantine/core';
import { MAX_WASTE_PHOTO_BYTES, wastePhotoTypes, type WasteDetail } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { usePutWastePhoto, useWastePhotoUrl } from '../api/waste';

/** The record's photo, and Add / Replace for those who may change it (JPEG, PNG or WebP up to 5 MB). */
export function Photo({ waste }: { waste: WasteDetail }) {
  const photo = useWastePhotoUrl(waste.id, waste.hasPhoto, String(waste.version) + String(waste.hasPhoto));
  const uploading = usePutWastePhoto();
  const upload = async (file: File | null) => {
    if (!file) return;
    if (!(wastePhotoTypes as readonly string[]).includes(file.type))
      return toast.show({ type: 'error', message: 'Choose a JPEG, PNG or WebP photo' });
    if (file.size > MAX_WASTE_PHOTO_BYTES)
      return toast.show({ type: 'error', message: 'The photo is larger than 5 MB; take a smaller one' });
    try {
      await uploading.mutateAsync({ wasteId: waste.id, file });
      toast.show({ type: 'success', message: 'Photo saved' });
    } catch (e) {
      showApiError(e, 'Could not save the photo');
    }
  };
  return (
    <Stack gap="xs">
      {waste.hasPhoto ? (
        photo.url ? (
          <Image src={photo.url} alt={`Photo of ${waste.name}`} radius="md" mah={360} fit="contain" />
        ) : photo.isError ? (
          <Text size="sm" c="dimmed">
            The photo could not be loaded.
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading the photo" />
        )
      ) : (
        <Text size="sm" c="dimmed">
          No photo.
        </Text>
      )}
      {waste.canChangePhoto ? (
        <FileButton onChange={(file) => void upload(file)} accept="image/*" capture="environment">
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploading.isPending} w="fit-content">
              {waste.hasPhoto ? 'Replace the photo' : 'Add a photo'}
            </Button>
          )}
        </FileButton>
      ) : null}
    </Stack>
  );
}
