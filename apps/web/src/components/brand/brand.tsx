import { Group, Text, type GroupProps } from '@mantine/core';

/** The iPos mark: a register receipt in the brand colour. Decorative; the word carries the name. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
      <path
        d="M18 20h28a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V24a4 4 0 0 1 4-4zm2 6v4h24v-4zm0 8v4h10v-4z"
        fill="#fff"
      />
    </svg>
  );
}

export function Brand({ size = 'md', ...props }: { size?: 'md' | 'lg' } & GroupProps) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 'xs'} wrap="nowrap" {...props}>
      <BrandMark size={large ? 48 : 32} />
      <Text component="span" fw={800} fz={large ? 32 : 22} lh={1} c="var(--mantine-primary-color-filled)">
        iPos
      </Text>
    </Group>
  );
}
