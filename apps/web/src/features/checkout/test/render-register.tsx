import { vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { RegisterSession } from '@ipos/contracts';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RegisterScreen } from '../components/register-screen';
import { OPENER, openRegisterSession } from './register-fixtures';

/** The register of Lekki's "Till 1" in naira, as the checkout screen renders it once a session is open. */
export function renderRegisterScreen(
  options: {
    queryClient?: QueryClient;
    accountId?: string;
    session?: RegisterSession;
    canDiscount?: boolean;
    onRegisterClosed?: () => void;
  } = {},
) {
  return renderWithProviders(
    <RegisterScreen
      accountId={options.accountId ?? OPENER.id}
      storeId={LEKKI_ID}
      session={options.session ?? openRegisterSession()}
      currency="NGN"
      canDiscount={options.canDiscount ?? true}
      header={<h1>Till 1</h1>}
      onRegisterClosed={options.onRegisterClosed ?? vi.fn()}
    />,
    options.queryClient ? { queryClient: options.queryClient } : {},
  );
}
