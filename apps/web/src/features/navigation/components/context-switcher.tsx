import { Button, Menu, Text } from '@mantine/core';

export interface ContextOption {
  /** `admin` for admin mode, else the store id. */
  id: string;
  label: string;
  description?: string;
}

export interface ContextSwitcherProps {
  /** What is active now, e.g. "Admin mode" or "Lekki (LEK)". */
  currentLabel: string;
  currentId: string | null;
  options: readonly ContextOption[];
  onSelect: (id: string) => void;
}

/**
 * The current mode and store, and the way to change them: an owner moves between admin mode and
 * their stores, a member of several stores between those stores. With one choice it only says where
 * the person is.
 */
export function ContextSwitcher({ currentLabel, currentId, options, onSelect }: ContextSwitcherProps) {
  if (options.length <= 1) {
    return (
      <Text size="sm" fw={600} data-testid="current-context" truncate="end" maw="min(220px, 100%)">
        {currentLabel}
      </Text>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          rightSection={<span aria-hidden="true">▾</span>}
          aria-label={`${currentLabel}: switch store or mode`}
          data-testid="current-context"
          maw="min(240px, 100%)"
        >
          <Text span size="sm" fw={600} truncate="end">
            {currentLabel}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Work in</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option.id}
            onClick={() => onSelect(option.id)}
            disabled={option.id === currentId}
            aria-current={option.id === currentId ? 'true' : undefined}
          >
            <Text size="sm" fw={option.id === currentId ? 700 : 500}>
              {option.label}
            </Text>
            {option.description && (
              <Text size="xs" c="dimmed">
                {option.description}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
