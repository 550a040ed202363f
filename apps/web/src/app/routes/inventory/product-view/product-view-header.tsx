import { Badge, Box, Group, Image, Stack, Text, Title } from '@mantine/core';
import { productUnitLabels, type Product } from '@ipos/contracts';
import { useProductImageUrl } from '../../../../features/catalog/api/products';

/** The product's picture (or its initial), name, and what it is: category, unit, tax and whether stock is tracked. */
export function ProductViewHeader({ product, taxName }: { product: Product; taxName: string }) {
  const image = useProductImageUrl(product.id, product.imageVersion);
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Box w={96} h={96} style={{ flexShrink: 0 }}>
        {image.url ? (
          <Image src={image.url} alt={product.name} w={96} h={96} radius="md" fit="cover" />
        ) : (
          <Box
            w={96}
            h={96}
            bg="var(--mantine-color-gray-light)"
            style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
            aria-hidden="true"
          >
            <Text c="dimmed" fw={700} fz={32}>
              {product.name.slice(0, 1).toUpperCase()}
            </Text>
          </Box>
        )}
      </Box>
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={1}>{product.name}</Title>
          {product.isArchived ? (
            <Badge color="gray" variant="filled">
              Archived
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <Badge variant="light">{product.categoryName ?? 'No category'}</Badge>
          <Badge variant="light" color="gray">
            {productUnitLabels[product.unit]}
          </Badge>
          <Badge variant="light" color="grape">
            Tax: {taxName}
          </Badge>
          <Badge variant="light" color={product.isTracked ? 'teal' : 'gray'}>
            {product.isTracked ? 'Stock tracked' : 'Stock not tracked'}
          </Badge>
        </Group>
      </Stack>
    </Group>
  );
}
