import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { ResponsiveTable, type TableColumn } from './responsive-table';

type Item = { id: string; name: string; sku: string; onHand: number; category: string };

const items: Item[] = [
  { id: '1', name: 'Rice 5 kg', sku: 'LEK-RICE-5KG', onHand: 12, category: 'Grains' },
  { id: '2', name: 'Palm oil 1 l', sku: 'LEK-OIL-1L', onHand: 4, category: 'Oils' },
];

const columns: TableColumn<Item>[] = [
  { key: 'name', label: 'Name', priority: 0, cell: (i) => i.name },
  { key: 'sku', label: 'SKU', kind: 'code', priority: 2, cell: (i) => i.sku },
  { key: 'category', label: 'Category', priority: 3, cell: (i) => i.category },
  { key: 'onHand', label: 'On hand', kind: 'number', priority: 0, cell: (i) => String(i.onHand) },
];

/**
 * Layout for jsdom, which has none: every header cell is 100 px wide (the details column 40 px), and
 * the table's box scrolls sideways when its header cells are wider than `boxWidth`.
 */
let boxWidth = 0;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.querySelector('table') ? boxWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    const table = this.querySelector('table');
    const widths = [...(table?.querySelectorAll('thead th') ?? [])].map((th) =>
      th.textContent === 'Details' ? 40 : 100,
    );
    return widths.reduce((sum, width) => sum + width, 0);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderTable(onOpen = vi.fn()) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <ResponsiveTable
          label="Products"
          columns={columns}
          rows={items}
          rowKey={(i) => i.id}
          rowLabel={(i) => i.name}
          onOpenRow={onOpen}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('table', { name: 'Products' });
}

const headings = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('ResponsiveTable', () => {
  it('shows every column when its box is wide enough, with no details buttons', () => {
    boxWidth = 1000;
    const table = renderTable();
    expect(headings(table)).toEqual(['Name', 'SKU', 'Category', 'On hand']);
    expect(within(table).getByRole('cell', { name: 'LEK-RICE-5KG' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(table).queryByRole('button', { name: /Details/ })).toBeNull();
  });

  it('in a narrow box keeps the key columns and moves the rest, lowest priority first, into details', () => {
    boxWidth = 300;
    const table = renderTable();
    // Category (priority 3) went before SKU (2); Name, On hand and the details column fit in 300 px.
    expect(headings(table)).toEqual(['Name', 'On hand', 'Details']);
    expect(within(table).queryByText('LEK-RICE-5KG')).toBeNull();
    expect(within(table).getByRole('cell', { name: '12' })).toHaveStyle({ textAlign: 'right' });
  });

  it('when even the key columns overflow, their text columns give up their minimum widths', () => {
    boxWidth = 300;
    const name = () => within(renderTable()).getByRole('columnheader', { name: 'Name' });
    expect(name().querySelector('[style*="min-width"]')).not.toBeNull();
    cleanup();
    boxWidth = 150;
    expect(name().querySelector('[style*="min-width"]')).toBeNull();
  });

  it('moves only as many columns as it must', () => {
    boxWidth = 350;
    const table = renderTable();
    expect(headings(table)).toEqual(['Name', 'SKU', 'On hand', 'Details']);
  });

  it("a row's details button shows the moved columns by click, and by keyboard, without opening the row", async () => {
    boxWidth = 300;
    const onOpen = vi.fn();
    const table = renderTable(onOpen);
    const user = userEvent.setup();
    const button = within(table).getByRole('button', { name: 'Details: Rice 5 kg' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const details = table.querySelector('dl')!;
    expect(details).toHaveAccessibleName('Details: Rice 5 kg');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toContainElement(details);
    expect(within(details).getByText('SKU').nextElementSibling).toHaveTextContent('LEK-RICE-5KG');
    expect(within(details).getByText('Category').nextElementSibling).toHaveTextContent('Grains');
    expect(onOpen).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByText('LEK-RICE-5KG')).toBeNull();

    const other = within(table).getByRole('button', { name: 'Details: Palm oil 1 l' });
    other.focus();
    await user.keyboard(' ');
    expect(within(table).getByText('LEK-OIL-1L')).toBeVisible();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('fits again when its box is resized: wider brings columns back, narrower moves them out', () => {
    const observers: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const resizeTo = (width: number) => {
      boxWidth = width;
      act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
    };
    boxWidth = 300;
    const table = renderTable();
    expect(headings(table)).toEqual(['Name', 'On hand', 'Details']);
    resizeTo(1000);
    expect(headings(table)).toEqual(['Name', 'SKU', 'Category', 'On hand']);
    resizeTo(350);
    expect(headings(table)).toEqual(['Name', 'SKU', 'On hand', 'Details']);
  });
});
