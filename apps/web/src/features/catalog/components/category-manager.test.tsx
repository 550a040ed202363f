import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryTree } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { ApiError } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { CategoryManager } from './category-manager';
import { CategoryNameForm } from './category-name-form';

const DRINKS = '0190a6a0-0000-7000-8000-000000000d01';
const WATER = '0190a6a0-0000-7000-8000-000000000d02';
const JUICE = '0190a6a0-0000-7000-8000-000000000d03';
const BAKERY = '0190a6a0-0000-7000-8000-000000000b01';

const cat = (id: string, name: string, parentId: string | null, position: number) => ({
  id,
  name,
  parentId,
  position,
  isArchived: false,
  version: 1,
});
const demoTree: CategoryTree = {
  items: [
    { ...cat(DRINKS, 'Drinks', null, 0), children: [cat(WATER, 'Water', DRINKS, 0), cat(JUICE, 'Juice', DRINKS, 1)] },
    { ...cat(BAKERY, 'Bakery', null, 1), children: [] },
  ],
};
const LIST = 'GET /api/v1/categories?includeArchived=false';

describe('<CategoryNameForm />', () => {
  it('validates with the contract before calling, and shows the API’s field error on the name', async () => {
    const onSubmit = vi.fn(async (_name: string) => {
      throw new ApiError({
        status: 409,
        code: 'CATEGORY_NAME_TAKEN',
        message: 'A category named "Water" already exists at this level',
        fieldErrors: [{ field: 'name', message: 'A category at this level already has this name' }],
      });
    });
    renderRoutes([
      {
        path: '/',
        element: <CategoryNameForm label="New category" submitLabel="Add" errorTitle="x" onSubmit={onSubmit} />,
      },
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('New category'), 'x'.repeat(81));
    expect(await screen.findByText('Use at most 80 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New category'));
    await user.type(screen.getByLabelText('New category'), 'Water{Enter}');
    expect(await screen.findByText('A category at this level already has this name')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith('Water');
  });
});

describe('<CategoryManager />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree read-only without inventory.manage', async () => {
    stubApi({ [LIST]: () => jsonResponse(demoTree) });
    renderRoutes([{ path: '/', element: <CategoryManager canManage={false} /> }]);
    expect(await screen.findByText('Water')).toBeInTheDocument();
    expect(screen.getByText('Drinks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add category/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument();
  });

  it('shows the empty state and a load error with a retry', async () => {
    stubApi({ [LIST]: [() => problemResponse(500, 'INTERNAL', 'Boom'), () => jsonResponse({ items: [] })] });
    renderRoutes([{ path: '/', element: <CategoryManager canManage /> }]);
    expect(await screen.findByText('We could not load the categories')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No categories yet. Add the first one.')).toBeInTheDocument();
  });

  it('adds a sub-category with the API’s field error shown, and moves a child with the keyboard', async () => {
    const calls = stubApi({
      [LIST]: () => jsonResponse(demoTree),
      'POST /api/v1/categories': [
        () => problemResponse(409, 'CATEGORY_NAME_TAKEN', 'Taken', [{ field: 'name', message: 'Already here' }]),
        (body) =>
          jsonResponse({ ...cat(BAKERY.replace('b01', 'b02'), (body as { name: string }).name, DRINKS, 2) }, 201),
      ],
      'POST /api/v1/categories/reorder': () => jsonResponse(demoTree),
    });
    renderRoutes([{ path: '/', element: <CategoryManager canManage /> }]);
    const user = userEvent.setup();
    const addUnderDrinks = await screen.findByRole('button', { name: 'Add sub-category to Drinks' });
    // Speech users say what they see: the name holds the visible words.
    expect(addUnderDrinks).toHaveTextContent('Add sub-category');
    await user.click(addUnderDrinks);
    await user.type(screen.getByLabelText('New sub-category of Drinks'), 'Water{Enter}');
    expect(await screen.findByText('Already here')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New sub-category of Drinks'));
    await user.type(screen.getByLabelText('New sub-category of Drinks'), 'Malt{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('New sub-category of Drinks')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Water', parentId: DRINKS },
      { name: 'Malt', parentId: DRINKS },
    ]);

    expect(screen.getByRole('button', { name: 'Move Water up' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Juice up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/v1/categories/reorder')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/v1/categories/reorder')!.body).toEqual({
      parentId: DRINKS,
      orderedIds: [JUICE, WATER],
    });
  });

  it('archives only after confirmation, sending the version', async () => {
    const calls = stubApi({
      [LIST]: () => jsonResponse(demoTree),
      [`POST /api/v1/categories/${BAKERY}/archive`]: () =>
        jsonResponse({ ...cat(BAKERY, 'Bakery', null, 1), isArchived: true, version: 2 }),
    });
    renderRoutes([{ path: '/', element: <CategoryManager canManage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive Bakery' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.key.includes('/archive'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.find((c) => c.key.includes('/archive'))?.body).toEqual({ version: 1 }));
  });
});
