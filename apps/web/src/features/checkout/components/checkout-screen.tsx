import { formatStoreTime } from '@ipos/contracts';
import { useStoreTimeZone } from '../../../lib/active-store';
import { useState } from 'react';
import { Button, Menu, Text, Title } from '@mantine/core';
import type { CurrencyCode, RegisterSession } from '@ipos/contracts';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/active-store';
import { useRegisterSession } from '../api/checkout-api';
import { forgetSessionTickets } from '../saved-ticket';
import { OutboxStatus } from '../outbox/outbox-status';
import { useSessionUnsynced } from '../outbox/use-outbox';
import { CloseReport } from './close-report';
import { CashMovementDialog } from './cash-movement-dialog';
import { CloseRegisterDialog } from './close-register-dialog';
import { RegisterGate } from './register-gate';
import { RegisterScreen } from './register-screen';
import classes from './checkout.module.css';

/** The register session this tab sells on, per store (a second tab may run another till). */
const sessionKey = (storeId: string) => `ipos.checkout.session.${storeId}`;

function readSessionChoice(storeId: string): string | null {
  try {
    return sessionStorage.getItem(sessionKey(storeId));
  } catch {
    return null;
  }
}

function writeSessionChoice(storeId: string, sessionId: string | null) {
  try {
    if (sessionId) sessionStorage.setItem(sessionKey(storeId), sessionId);
    else sessionStorage.removeItem(sessionKey(storeId));
  } catch {
    // The choice lives for this page only.
  }
}

/**
 * `/dashboard/checkout`: the register gate, then the register, then (after closing) the close report.
 * `accountId` is the signed-in account (undefined while it loads): the one who opened a till may close it.
 */
export function CheckoutScreen({ storeId, accountId }: { storeId: string; accountId: string | undefined }) {
  const store = useActiveStore(storeId);
  const [sessionId, setSessionId] = useState<string | null>(() => readSessionChoice(storeId));
  const [closed, setClosed] = useState<RegisterSession | null>(null);
  const session = useRegisterSession(storeId, sessionId);

  const choose = (id: string | null) => {
    writeSessionChoice(storeId, id);
    setSessionId(id);
  };

  if (store.isPending) return <LoadingCard label="Loading the store" />;
  if (store.isError)
    return (
      <LoadError
        title="The store could not be loaded"
        error={store.error}
        onRetry={() => void store.refetch()}
        isRetrying={store.isFetching}
      />
    );
  const currency = store.data.business.currency;
  const can = (p: string) => (store.data.permissions as string[]).includes(p);

  if (closed) return <CloseReport session={closed} currency={currency} onDone={() => setClosed(null)} />;
  // A remembered session that is gone or closed meanwhile (another till closed it): back to the gate.
  if (!sessionId || session.isError || session.data?.status === 'closed')
    return <RegisterGate storeId={storeId} currency={currency} onEnter={(s) => choose(s.id)} />;
  if (session.isPending || !accountId) return <LoadingCard label="Loading the register" />;
  // A closed session sells no more: the sales in progress kept for it on this device go.
  const closedHere = (id: string) => void forgetSessionTickets(id).catch(() => undefined);
  return (
    <RegisterScreen
      key={session.data.id}
      accountId={accountId}
      storeId={storeId}
      session={session.data}
      currency={currency}
      canDiscount={can('checkout.discount')}
      onRegisterClosed={() => {
        closedHere(session.data.id);
        choose(null);
      }}
      header={
        <RegisterHeader
          storeId={storeId}
          session={session.data}
          currency={currency}
          canMoveCash={can('checkout.register')}
          canClose={can('checkout.register') || session.data.openedBy.id === accountId}
          onLeave={() => choose(null)}
          onClosed={(s) => {
            closedHere(s.id);
            choose(null);
            setClosed(s);
          }}
        />
      }
    />
  );
}

function RegisterHeader({
  storeId,
  session,
  currency,
  canMoveCash,
  canClose,
  onLeave,
  onClosed,
}: {
  storeId: string;
  session: RegisterSession;
  currency: CurrencyCode;
  /** Cash in and out: for a role that manages every register. */
  canMoveCash: boolean;
  /** Closing: the person who opened this session, or a manager. */
  canClose: boolean;
  onLeave: () => void;
  onClosed: (session: RegisterSession) => void;
}) {
  const timeZone = useStoreTimeZone();
  const [movement, setMovement] = useState<'cash_in' | 'cash_out' | null>(null);
  const [closing, setClosing] = useState(false);
  // Sales made on this device and not yet on the server count in the register's figures here.
  const salesCount = session.summary.salesCount + useSessionUnsynced(session.id).count;
  return (
    <div className={classes.header}>
      <div className={classes.headerTitle}>
        <Title order={1} size="h3" lineClamp={1} data-testid="register-name">
          {session.registerName}
        </Title>
        <Text size="xs" c="dimmed">
          Opened by {session.openedBy.name} at {formatStoreTime(session.openedAt, timeZone)} · {salesCount} sale
          {salesCount === 1 ? '' : 's'}
        </Text>
      </div>
      {/* What does not fit the width moves into the ⋯ menu: cash in and out below lg, closing below sm. */}
      <div className={classes.headerActions}>
        <OutboxStatus timeZone={timeZone} />
        {canMoveCash && (
          <>
            <Button variant="default" size="xs" visibleFrom="lg" onClick={() => setMovement('cash_in')}>
              Cash in
            </Button>
            <Button variant="default" size="xs" visibleFrom="lg" onClick={() => setMovement('cash_out')}>
              Cash out
            </Button>
          </>
        )}
        {canClose && (
          <Button variant="light" color="red" size="xs" visibleFrom="sm" onClick={() => setClosing(true)}>
            Close register
          </Button>
        )}
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="subtle" size="sm" className={classes.touchTarget} aria-label="More register actions">
              ⋯
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {canMoveCash && (
              <>
                <Menu.Item hiddenFrom="lg" onClick={() => setMovement('cash_in')}>
                  Cash in
                </Menu.Item>
                <Menu.Item hiddenFrom="lg" onClick={() => setMovement('cash_out')}>
                  Cash out
                </Menu.Item>
              </>
            )}
            {canClose && (
              <Menu.Item hiddenFrom="sm" color="red" onClick={() => setClosing(true)}>
                Close register
              </Menu.Item>
            )}
            <Menu.Item onClick={onLeave}>Switch register</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
      <CashMovementDialog
        kind={movement}
        storeId={storeId}
        session={session}
        currency={currency}
        onClose={() => setMovement(null)}
      />
      {closing && (
        <CloseRegisterDialog
          opened
          storeId={storeId}
          session={session}
          currency={currency}
          onClose={() => setClosing(false)}
          onClosed={(s) => {
            setClosing(false);
            onClosed(s);
          }}
        />
      )}
    </div>
  );
}
