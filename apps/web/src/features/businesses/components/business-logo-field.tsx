import { useRef, useState } from 'react';
import { Box, Button, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MAX_BUSINESS_LOGO_BYTES, businessLogoTypes } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useBusinessLogoUrl } from '../../../components/business-logo/business-logo-url';
import { useDeleteBusinessLogo, useUploadBusinessLogo } from '../api/business-profile';

/** The API's limits, checked before anything is sent. */
function checkLogoFile(file: File): string | null {
  if (!(businessLogoTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG image';
  if (file.size > MAX_BUSINESS_LOGO_BYTES) return 'The logo is larger than 512 KB; choose a smaller one';
  return null;
}

/** The business's logo: shown, replaced (saved at once) and removed. */
export function BusinessLogoField({ logoVersion }: { logoVersion: number | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const logo = useBusinessLogoUrl(logoVersion);
  const upload = useUploadBusinessLogo();
  const remove = useDeleteBusinessLogo();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkLogoFile(file);
    setError(problem);
    if (problem) return;
    try {
      await upload.mutateAsync(file);
      toast.show({ type: 'success', message: 'The new logo is saved.' });
    } catch (failure) {
      showApiError(failure, 'Could not save the logo');
    }
  };

  const removeLogo = async () => {
    try {
      await remove.mutateAsync(undefined);
      toast.show({ type: 'success', message: 'The logo is removed.' });
    } catch (failure) {
      showApiError(failure, 'Could not remove the logo');
    }
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Box
        w={112}
        h={112}
        bg="gray.1"
        style={{ borderRadius: 8, overflow: 'hidden', flexShrink: 0, display: 'grid', placeItems: 'center' }}
      >
        {logo.url ? (
          <Image src={logo.url} alt="Business logo" w={112} h={112} fit="contain" />
        ) : (
          <Text size="xs" c="dimmed">
            {logoVersion == null ? 'No logo' : logo.isError ? 'The logo could not be shown' : 'Loading…'}
          </Text>
        )}
      </Box>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="business-logo-label">
          Logo
        </Text>
        <VisuallyHidden>
          <input
            ref={input}
            type="file"
            accept={businessLogoTypes.join(',')}
            aria-labelledby="business-logo-label"
            data-testid="business-logo-input"
            tabIndex={-1}
            onChange={(event) => {
              void choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </VisuallyHidden>
        <Group gap="xs">
          <Button size="xs" variant="default" loading={upload.isPending} onClick={() => input.current?.click()}>
            {logoVersion == null ? 'Upload a logo' : 'Replace logo'}
          </Button>
          {logoVersion != null ? (
            <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => void removeLogo()}>
              Remove logo
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ??
            'JPEG or PNG, at most 512 KB, printed on receipts, invoices and purchase orders. Saved as soon as it is chosen.'}
        </Text>
      </Stack>
    </Group>
  );
}
