import type { ReactNode } from 'react';
import { Kbd, Stack, Table, Text } from '@mantine/core';

const shortcuts: { keys: ReactNode; what: string; where: string }[] = [
  {
    keys: (
      <>
        <Kbd>/</Kbd> or <Kbd>F2</Kbd>
      </>
    ),
    what: 'Go to the product search',
    where: 'Register',
  },
  {
    keys: (
      <>
        <Kbd>↑</Kbd> <Kbd>↓</Kbd> then <Kbd>Enter</Kbd>
      </>
    ),
    what: 'Choose a search result and add it',
    where: 'Register',
  },
  {
    keys: (
      <>
        <Kbd>3</Kbd>
        <Kbd>*</Kbd> in the search
      </>
    ),
    what: 'Three of the next item scanned, searched or tapped (1.25* for a weight); Escape forgets it',
    where: 'Register',
  },
  {
    keys: (
      <>
        <Kbd>↑</Kbd> in the empty search, then <Kbd>↑</Kbd> <Kbd>↓</Kbd>
      </>
    ),
    what: 'Go to the cart lines and move between them; Escape goes back to the search',
    where: 'Register',
  },
  {
    keys: (
      <>
        <Kbd>+</Kbd> <Kbd>-</Kbd>
      </>
    ),
    what: 'One more or one less of the cart line you are on',
    where: 'Register',
  },
  {
    keys: (
      <>
        a number or <Kbd>Enter</Kbd>
      </>
    ),
    what: 'Type the quantity of the cart line you are on (Enter keeps it and goes back to the search)',
    where: 'Register',
  },
  {
    keys: (
      <>
        <Kbd>F4</Kbd>, then <Kbd>↑</Kbd> <Kbd>↓</Kbd> <Kbd>Enter</Kbd>
      </>
    ),
    what: 'Choose the customer: type a name or phone, pick with the arrows and Enter',
    where: 'Register',
  },
  { keys: <Kbd>F8</Kbd>, what: 'Hold the cart, or open the held sales', where: 'Register' },
  {
    keys: (
      <>
        <Kbd>F9</Kbd> or <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd>
      </>
    ),
    what: 'Pay',
    where: 'Register',
  },
  { keys: <Kbd>Delete</Kbd>, what: 'Remove the cart line you are on', where: 'Register' },
  {
    keys: (
      <>
        <Kbd>F1</Kbd>–<Kbd>F4</Kbd> or <Kbd>1</Kbd>–<Kbd>4</Kbd>
      </>
    ),
    what: 'Cash, card, bank transfer, mobile money',
    where: 'Payment',
  },
  { keys: <Kbd>P</Kbd>, what: 'Print the receipt', where: 'Receipt' },
  {
    keys: (
      <>
        <Kbd>Enter</Kbd> or <Kbd>N</Kbd>
      </>
    ),
    what: 'Start a new sale',
    where: 'Receipt',
  },
  { keys: <Kbd>/</Kbd>, what: 'Go to the search box', where: 'Inventory list' },
  {
    keys: (
      <>
        <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd>
      </>
    ),
    what: 'Save the product',
    where: 'Product form',
  },
];

/** Every keyboard shortcut of the app, with where it works. */
export function KeyboardShortcuts() {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        On a Mac, use ⌘ where Ctrl is written. Letter and number keys work when you are not typing in a field.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label="Keyboard shortcuts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Keys</Table.Th>
              <Table.Th>What it does</Table.Th>
              <Table.Th>Where</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shortcuts.map((s) => (
              <Table.Tr key={`${s.where}-${s.what}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.keys}</Table.Td>
                <Table.Td>{s.what}</Table.Td>
                <Table.Td>{s.where}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
