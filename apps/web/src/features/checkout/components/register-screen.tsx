import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Kbd, Stack, Text } from '@mantine/core';
import {
  priceChangedSchema,
  unitAllowsFractions,
  type CurrencyCode,
  type HeldSale,
  type PaymentInput,
  type RegisterSellable,
  type RegisterSession,
  type Sale,
} from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCurrentStore } from '../../../lib/current-store';
import { formatMoney } from '../../../lib/money';
import {
  fetchSellables,
  findSellableByCode,
  useCreateSale,
  useDiscardHeldSale,
  useHoldSale,
  useRefreshStock,
  useResumeHeldSale,
} from '../api/checkout-api';
import {
  addSellable,
  cartFromHeld,
  emptyCart,
  heldCartOf,
  lineInputs,
  priceOf,
  removeLine,
  reprice,
  updateLine,
  type Cart,
} from '../cart';
import { useAttempts } from '../../../lib/attempt';
import { payBlockedMessage, refusedLines, stockShortfalls } from '../stock';
import { useBarcodeScanner } from '../use-scanner';
import { useStockRefreshOnFocus } from '../use-stock-refresh';
import { CameraScanDialog, cameraAvailable } from './camera-scan-dialog';
import { CartPanel } from './cart-panel';
import classes from './checkout.module.css';
import { CustomerBar, CustomerDialog } from './customer-picker';
import { HeldSalesDialog, HoldDialog, useHeldCount } from './held-sales';
import { PaymentDialog } from './payment/payment-dialog';
import { ProductSearch, CategoryTiles } from './product-search';
import { ReceiptPanel } from './receipt/receipt-panel';
import { PAY_BLOCKED_ID, PayBlockedNotice } from './stock-notices';

export interface PriceNotice {
  changes: { name: string; before: number; after: number }[];
  before: number;
  after: number;
}

/**
 * The register: search, scanner, camera and tiles on the left; the cart with its totals on the
 * right; pay (A2's PaymentDialog) and the receipt (A2's ReceiptPanel). Keyboard first:
 * / or F2 search, F4 customer, F8 hold, F9 or Ctrl+Enter pay.
 */
export function RegisterScreen({
  storeId,
  session,
  currency,
  canDiscount,
  header,
  onRegisterClosed,
}: {
  storeId: string;
  session: RegisterSession;
  currency: CurrencyCode;
  canDiscount: boolean;
  header: React.ReactNode;
  onRegisterClosed: () => void;
}) {
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [focusQuantityOf, setFocusQuantityOf] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'customer' | 'hold' | 'held' | 'camera' | 'pay' | null>(null);
  const [completed, setCompleted] = useState<Sale | null>(null);
  const [priceNotice, setPriceNotice] = useState<PriceNotice | null>(null);
  const [resumingId, setResumingId] = useState<string | null>(null);
  // One try at completing a sale: the same id and Idempotency-Key while the same cart and payments are retried.
  const attempts = useAttempts();
  const searchRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLButtonElement>(null);
  const priced = useMemo(() => priceOf(cart), [cart]);
  const heldCount = useHeldCount(storeId);
  const createSale = useCreateSale(storeId);
  const hold = useHoldSale(storeId);
  const resume = useResumeHeldSale(storeId);
  const discard = useDiscardHeldSale(storeId);
  // Lines beyond the on hand are flagged at once; where the store refuses negative stock they block Pay.
  const allowNegativeStock = useCurrentStore(storeId).data?.allowNegativeStock ?? false;
  const shortfalls = useMemo(() => stockShortfalls(cart, allowNegativeStock), [cart, allowNegativeStock]);
  const shortfallOf = useMemo(() => new Map(shortfalls.map((s) => [s.variantId, s])), [shortfalls]);
  const payBlocked = payBlockedMessage(shortfalls);
  const refreshStock = useRefreshStock(storeId);
  useStockRefreshOnFocus(storeId, cart, setCart);

  const change = useCallback((next: (c: Cart) => Cart) => {
    setCart(next);
    setLineErrors({});
    setPriceNotice(null);
  }, []);

  /** Adds one; a weighed item's quantity takes the focus, else the search (a scan leaves the focus where it is). */
  const add = useCallback(
    (sellable: RegisterSellable, source: 'search' | 'scan' = 'search') => {
      change((c) => addSellable(c, sellable));
      if (unitAllowsFractions(sellable.unit)) setFocusQuantityOf(sellable.variantId);
      else if (source === 'search') searchRef.current?.focus();
    },
    [change],
  );

  const scan = useCallback(
    async (code: string) => {
      if (searchRef.current && document.activeElement === searchRef.current) {
        // The burst landed in the search box: it was a code, not a search.
        const input = searchRef.current;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      try {
        const sellable = await findSellableByCode(code);
        if (sellable) add(sellable, 'scan');
        else toast.show({ type: 'error', title: 'Not found', message: `No product with barcode ${code}` });
      } catch (error) {
        showApiError(error, 'The scan could not be looked up');
      }
    },
    [add],
  );
  const idle = dialog === null && completed === null;
  useBarcodeScanner((code) => void scan(code), idle);

  const openPay = useCallback(() => {
    if (cart.lines.length === 0) {
      toast.show({ type: 'info', message: 'Add an item first' });
      return;
    }
    if (payBlocked) {
      toast.show({ type: 'warning', message: payBlocked });
      return;
    }
    // The last failure (a PRICE_CHANGED, a shortage) was shown already: a new try starts clean.
    if (!attempts.hasPending()) createSale.reset();
    setDialog('pay');
  }, [attempts, cart.lines.length, createSale, payBlocked]);
  const openHold = useCallback(() => {
    if (cart.lines.length > 0) setDialog('hold');
    else if (heldCount > 0) setDialog('held');
  }, [cart.lines.length, heldCount]);

  // Shortcuts, anywhere on the register (not while a dialog is open).
  useEffect(() => {
    if (!idle) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (event.key === 'F2' || (event.key === '/' && !typing)) {
        event.preventDefault();
        searchRef.current?.focus();
      } else if (event.key === 'F4') {
        event.preventDefault();
        setDialog('customer');
      } else if (event.key === 'F8') {
        event.preventDefault();
        openHold();
      } else if (event.key === 'F9' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        openPay();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [idle, openHold, openPay]);

  const confirmPayment = (payments: PaymentInput[]) => {
    const body = {
      sessionId: session.id,
      lines: lineInputs(cart),
      ...(cart.cartDiscount && cart.cartDiscount.value > 0 ? { cartDiscount: cart.cartDiscount } : {}),
      ...(cart.customerId ? { customerId: cart.customerId } : {}),
      payments,
      expectedTotalMinor: priced.totalMinor,
    };
    // The same cart and payments sent again (after a lost answer) is the same sale: same id, same key.
    const { id: saleId, key: idempotencyKey } = attempts.for(body);
    createSale.mutate(
      { body: { id: saleId, ...body }, idempotencyKey },
      {
        onSuccess: (sale) => {
          attempts.succeeded();
          setDialog(null);
          setCompleted(sale);
        },
        onError: (error) => {
          // No answer: the sale may or may not be recorded — the attempt is kept so a retry cannot sell twice.
          attempts.failed(error);
          if (!isApiError(error) || error.status === 0) return;
          if (error.code === 'PRICE_CHANGED') void onPriceChanged(error.problem?.priceChanged);
          else if (
            error.code === 'INSUFFICIENT_STOCK' ||
            (error.code === 'VALIDATION_FAILED' && error.fieldErrors.some((f) => f.field.startsWith('lines.')))
          ) {
            // Nothing was charged: the cart stays, with the lines to fix marked.
            const refused = refusedLines(
              cart,
              { fieldErrors: error.fieldErrors, shortages: error.problem?.shortages },
              allowNegativeStock,
            );
            setCart(refused.cart);
            setLineErrors(refused.lineErrors);
            setDialog(null);
            if (error.code === 'INSUFFICIENT_STOCK') {
              refreshStock();
              toast.show({
                type: 'error',
                title: 'The sale was not completed',
                message:
                  'The stock changed since these items were added. Nothing was charged: fix the marked lines, then pay again.',
              });
            } else showApiError(error, 'The sale was not completed');
          } else if (error.code === 'REGISTER_CLOSED') {
            setDialog(null);
            showApiError(error);
            onRegisterClosed();
          }
        },
      },
    );
  };

  const onPriceChanged = async (raw: unknown) => {
    setDialog(null);
    const server = priceChangedSchema.safeParse(raw);
    const before = priced.totalMinor;
    let next = cart;
    try {
      next = reprice(cart, await fetchSellables(cart.lines.map((l) => l.variantId)));
    } catch {
      // The server's unit prices are enough to show what changed.
    }
    if (server.success)
      next = {
        ...next,
        lines: next.lines.map((l) => {
          const s = server.data.lines.find((x) => x.variantId === l.variantId);
          return s ? { ...l, unitPriceMinor: s.unitPriceMinor } : l;
        }),
      };
    const changes = cart.lines.flatMap((l) => {
      const after = next.lines.find((x) => x.variantId === l.variantId)?.unitPriceMinor ?? l.unitPriceMinor;
      return after !== l.unitPriceMinor ? [{ name: l.name, before: l.unitPriceMinor, after }] : [];
    });
    setCart(next);
    setPriceNotice({ changes, before, after: server.success ? server.data.totalMinor : priceOf(next).totalMinor });
  };

  const holdCart = (label: string | undefined) => {
    hold.mutate(
      { ...(label ? { label } : {}), cart: heldCartOf(cart) },
      {
        onSuccess: (held) => {
          setDialog(null);
          change(() => emptyCart);
          toast.show({ type: 'success', message: `Sale held${held.label ? ` as “${held.label}”` : ''}.` });
          searchRef.current?.focus();
        },
        onError: (error) => showApiError(error, 'The sale was not held'),
      },
    );
  };

  const resumeHeld = async (held: HeldSale) => {
    if (cart.lines.length > 0) {
      toast.show({ type: 'info', message: 'Finish or hold the current sale first' });
      return;
    }
    setResumingId(held.id);
    try {
      const taken = await resume.mutateAsync(held.id);
      const sellables = await fetchSellables(taken.cart.lines.map((l) => l.variantId));
      const { cart: restored, dropped } = cartFromHeld(taken.cart, sellables);
      change(() => restored);
      setDialog(null);
      if (dropped > 0)
        toast.show({
          type: 'warning',
          message: `${dropped} item${dropped === 1 ? ' is' : 's are'} no longer sold and left out.`,
        });
      searchRef.current?.focus();
    } catch (error) {
      showApiError(error, 'The sale could not be resumed');
    } finally {
      setResumingId(null);
    }
  };

  const newSale = () => {
    setCompleted(null);
    change(() => emptyCart);
    attempts.succeeded();
    requestAnimationFrame(() => searchRef.current?.focus());
  };

  if (completed) return <ReceiptPanel saleId={completed.id} onNewSale={newSale} />;

  return (
    <Stack gap="sm">
      {header}
      <div className={classes.register}>
        <Stack gap="md">
          <Group align="flex-end" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <ProductSearch ref={searchRef} storeId={storeId} currency={currency} onAdd={add} />
            </div>
            {cameraAvailable() && (
              <Button variant="default" size="md" onClick={() => setDialog('camera')}>
                Camera
              </Button>
            )}
          </Group>
          <CategoryTiles storeId={storeId} currency={currency} onAdd={add} />
          <Text className={classes.kbd}>
            <Kbd>/</Kbd> or <Kbd>F2</Kbd> search · <Kbd>↑</Kbd> <Kbd>↓</Kbd> <Kbd>Enter</Kbd> add · <Kbd>F4</Kbd>{' '}
            customer · <Kbd>F8</Kbd> hold · <Kbd>F9</Kbd> pay · <Kbd>Delete</Kbd> removes the focused line
          </Text>
        </Stack>
        <CartPanel
          cart={cart}
          priced={priced}
          currency={currency}
          canDiscount={canDiscount}
          lineErrors={lineErrors}
          shortfalls={shortfallOf}
          focusQuantityOf={focusQuantityOf}
          onQuantity={(id, quantity) => change((c) => updateLine(c, id, { quantity }))}
          onLineDiscount={(id, discount) => change((c) => updateLine(c, id, { discount }))}
          onCartDiscount={(cartDiscount) => change((c) => ({ ...c, cartDiscount }))}
          onRemove={(id) => change((c) => removeLine(c, id))}
          customer={
            <CustomerBar
              ref={customerRef}
              customerId={cart.customerId}
              onOpen={() => setDialog('customer')}
              onDetach={() => setCart((c) => ({ ...c, customerId: null }))}
            />
          }
          actions={
            <Stack gap="xs" mt="xs">
              {priceNotice && (
                <Alert color="yellow" variant="light" title="Prices changed" role="alert">
                  {priceNotice.changes.map((c) => (
                    <Text size="sm" key={c.name}>
                      {c.name}: {formatMoney(c.before, currency)} → {formatMoney(c.after, currency)}
                    </Text>
                  ))}
                  <Text size="sm" fw={600}>
                    Total {formatMoney(priceNotice.before, currency)} → {formatMoney(priceNotice.after, currency)}.
                    Check with the customer, then pay again.
                  </Text>
                </Alert>
              )}
              <Group grow>
                <Button variant="default" onClick={openHold} disabled={cart.lines.length === 0 && heldCount === 0}>
                  Hold <Kbd ml={6}>F8</Kbd>
                </Button>
                <Button variant="default" onClick={() => setDialog('held')}>
                  Held ({heldCount})
                </Button>
              </Group>
              <PayBlockedNotice message={payBlocked} />
              <Button
                size="lg"
                onClick={openPay}
                disabled={cart.lines.length === 0 || payBlocked !== null}
                aria-describedby={payBlocked ? PAY_BLOCKED_ID : undefined}
              >
                Pay {formatMoney(priced.totalMinor, currency)} <Kbd ml={8}>F9</Kbd>
              </Button>
              {cart.lines.length > 0 && (
                <Button variant="subtle" color="red" size="xs" onClick={() => change(() => emptyCart)}>
                  Clear the sale
                </Button>
              )}
            </Stack>
          }
        />
      </div>
      <PaymentDialog
        opened={dialog === 'pay'}
        totalMinor={priced.totalMinor}
        currency={currency}
        onClose={() => setDialog(null)}
        onConfirm={confirmPayment}
        submitting={createSale.isPending}
        error={createSale.error}
      />
      <CustomerDialog
        opened={dialog === 'customer'}
        onClose={() => {
          setDialog(null);
          searchRef.current?.focus();
        }}
        onPick={(customerId) => setCart((c) => ({ ...c, customerId }))}
      />
      <HoldDialog
        opened={dialog === 'hold'}
        submitting={hold.isPending}
        onClose={() => setDialog(null)}
        onHold={holdCart}
      />
      <HeldSalesDialog
        storeId={storeId}
        opened={dialog === 'held'}
        busyId={resumingId}
        onClose={() => setDialog(null)}
        onResume={(h) => void resumeHeld(h)}
        onDiscard={(h) =>
          discard.mutate(h.id, {
            onSuccess: () => toast.show({ type: 'success', message: 'Held sale discarded.' }),
            onError: (error) => showApiError(error, 'Not discarded'),
          })
        }
      />
      <CameraScanDialog
        opened={dialog === 'camera'}
        onClose={() => setDialog(null)}
        onCode={(code) => {
          setDialog(null);
          void scan(code);
        }}
      />
    </Stack>
  );
}
