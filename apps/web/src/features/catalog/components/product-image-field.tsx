import { useRef, useState } from 'react';
import { Box, Button, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MAX_PRODUCT_IMAGE_BYTES, productImageTypes } from '@ipos/contracts';
import { useObjectUrl } from '../../../lib/object-url';
import { useProductImageUrl } from '../api/products';

/** What saving does with the image: leave it, upload a new one, or remove it. */
export type ImageChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/** The same limits as the API (contracts): checked here so nothing too big or of the wrong type is sent. */
export function checkImageFile(file: File): string | null {
  if (!(productImageTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image';
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return 'The image is larger than 1 MB; choose a smaller one';
  return null;
}

/** The product's picture: choose (checked before upload), preview, remove. */
export function ProductImageField({
  productId,
  imageVersion,
  value,
  onChange,
}: {
  productId?: string;
  imageVersion: number | null;
  value: ImageChange;
  onChange: (change: ImageChange) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useProductImageUrl(productId, value.kind === 'keep' ? imageVersion : null);
  const preview = useObjectUrl(value.kind === 'new' ? value.file : null);
  const shown = value.kind === 'new' ? preview : value.kind === 'keep' ? current.url : null;
  const hasImage = value.kind === 'new' || (value.kind === 'keep' && imageVersion != null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (!problem) onChange({ kind: 'new', file });
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="product-image-label">
        Image
      </Text>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box
          w={96}
          h={96}
          bg="gray.1"
          style={{ borderRadius: 8, overflow: 'hidden', flexShrink: 0, display: 'grid', placeItems: 'center' }}
        >
          {shown ? (
            <Image src={shown} alt="Product image" w={96} h={96} fit="cover" />
          ) : (
            <Text size="xs" c="dimmed">
              No image
            </Text>
          )}
        </Box>
        <Stack gap={6}>
          <VisuallyHidden>
            <input
              ref={input}
              type="file"
              accept={productImageTypes.join(',')}
              aria-labelledby="product-image-label"
              data-testid="product-image-input"
              tabIndex={-1}
              onChange={(event) => {
                choose(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </VisuallyHidden>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => input.current?.click()}>
              {hasImage ? 'Replace image' : 'Choose image'}
            </Button>
            {hasImage ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() =>
                  onChange(value.kind === 'new' && imageVersion != null ? { kind: 'keep' } : { kind: 'remove' })
                }
              >
                {value.kind === 'new' && imageVersion != null ? 'Keep the current image' : 'Remove image'}
              </Button>
            ) : null}
            {value.kind === 'remove' && imageVersion != null ? (
              <Button size="xs" variant="subtle" onClick={() => onChange({ kind: 'keep' })}>
                Undo remove
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? 'JPEG, PNG or WebP, at most 1 MB. Saved with the product.'}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
