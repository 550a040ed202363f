import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { AppFrame, isNavItemActive } from './app-frame';
import { ContextSwitcher } from './context-switcher';

describe('isNavItemActive', () => {
  it('marks the dashboard only on its own page, and a section on any of its screens', () => {
    const dashboard = { id: 'dashboard', label: 'Dashboard', to: '/dashboard' };
    const inventory = { id: 'inventory', label: 'Inventory', to: '/dashboard/inventory' };
    expect(isNavItemActive(dashboard, '/dashboard')).toBe(true);
    expect(isNavItemActive(dashboard, '/dashboard/inventory')).toBe(false);
    expect(isNavItemActive(inventory, '/dashboard/inventory/view/1')).toBe(true);
    expect(isNavItemActive(inventory, '/dashboard/inventory-x')).toBe(false);
  });
});

describe('AppFrame', () => {
  it('offers a skip link, the navigation, the person and sign out', () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard/waste/add']}>
        <AppFrame
          navItems={[
            { id: 'dashboard', label: 'Dashboard', to: '/dashboard' },
            { id: 'waste', label: 'Waste', to: '/dashboard/waste' },
          ]}
          context={<span>Lekki (LEK)</span>}
          person={{ name: 'Chidi Manager', roleLabel: 'Manager' }}
          signOut={<button type="button">Sign out</button>}
        >
          <p>content</p>
        </AppFrame>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Waste' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('signed-in-person')).toHaveTextContent('Chidi Manager');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('ContextSwitcher', () => {
  it('only names the context when there is nothing to switch to', () => {
    renderWithProviders(
      <ContextSwitcher
        currentLabel="Ikeja (IKJ)"
        currentId="s2"
        options={[{ id: 's2', label: 'Ikeja (IKJ)' }]}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByTestId('current-context')).toHaveTextContent('Ikeja (IKJ)');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('switches between admin mode and stores', async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <ContextSwitcher
        currentLabel="Admin mode"
        currentId="admin"
        options={[
          { id: 'admin', label: 'Admin mode' },
          { id: 's1', label: 'Lekki (LEK)', description: 'Demo Mart' },
        ]}
        onSelect={onSelect}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Admin mode: switch store or mode' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Lekki \(LEK\)/ }));
    expect(onSelect).toHaveBeenCalledWith('s1');
  });
});
