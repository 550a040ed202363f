import { forwardRef, useEffect, useEffectEvent, useId, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { contactDuplicateSchema, quickCreateCustomerBodySchema, type ContactDuplicate } from '@ipos/contracts';
import { z } from 'zod';
import { showApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCustomer, useCustomerSearch, useQuickCreateCustomer } from '../api/checkout-api';
import { newId } from '../../../lib/ids';
import classes from './checkout.module.css';

/** The customer line at the top of the cart: attach (F4), show, detach. */
export const CustomerBar = forwardRef<
  HTMLButtonElement,
  { customerId: string | null; onOpen: () => void; onDetach: () => void }
>(function CustomerBar({ customerId, onOpen, onDetach }, ref) {
  const customer = useCustomer(customerId);
  if (!customerId)
    return (
      <Button ref={ref} variant="light" size="xs" className={classes.touchTarget} onClick={onOpen} mb="xs">
        Add customer{' '}
        <Text span size="xs" ml={6} c="dimmed">
          F4
        </Text>
      </Button>
    );
  return (
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <Text size="sm" truncate data-testid="cart-customer">
        Customer: <b>{customer.data?.name ?? '…'}</b>
        {customer.data?.phone ? ` · ${customer.data.phone}` : ''}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Button ref={ref} size="compact-xs" variant="subtle" className={classes.touchTarget} onClick={onOpen}>
          Change
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" className={classes.touchTarget} onClick={onDetach}>
          Remove customer
        </Button>
      </Group>
    </Group>
  );
});

/**
 * Find a customer by name or phone, or create one with a name and a phone; duplicates are shown to
 * pick. By keyboard: type, ↑ ↓ move through those found, Enter picks, Escape closes.
 */
export function CustomerDialog({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (customerId: string) => void;
}) {
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [duplicates, setDuplicates] = useState<ContactDuplicate[] | null>(null);
  const [createId, setCreateId] = useState(() => newId());
  const create = useQuickCreateCustomer();

  const close = () => {
    setQ('');
    setCreating(false);
    setName('');
    setPhone('');
    setErrors({});
    setDuplicates(null);
    setCreateId(newId());
    onClose();
  };
  const pick = (id: string) => {
    onPick(id);
    close();
  };
  const submit = (allowDuplicate: boolean) => {
    const body = { id: createId, name, phone: phone.trim() || undefined, allowDuplicate };
    const parsed = quickCreateCustomerBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (contact) => pick(contact.id),
      onError: (error) => {
        if (isApiError(error) && error.code === 'CONTACT_DUPLICATE') {
          const found = z.array(contactDuplicateSchema).safeParse(error.problem?.duplicates);
          setDuplicates(found.success ? found.data : []);
        } else if (isApiError(error) && error.fieldErrors.length > 0) setErrors(error.fieldErrorMap());
        else showApiError(error, 'The customer was not created');
      },
    });
  };

  // Not returnFocus: the register puts the focus back in its search, not on what had it before.
  return (
    <Modal opened={opened} onClose={close} title={creating ? 'New customer' : 'Customer'} returnFocus={false}>
      {!creating ? (
        <Stack>
          <CustomerSearch q={q} onQ={setQ} onPick={pick} />
          <Button
            variant="light"
            onClick={() => (setCreating(true), setName(/\d/.test(q) ? '' : q), setPhone(/\d/.test(q) ? q : ''))}
          >
            New customer
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(false);
          }}
          noValidate
        >
          <Stack>
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <TextInput
              label="Phone"
              inputMode="tel"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={errors.phone}
            />
            {duplicates && (
              <Stack gap={4} role="alert">
                <Text size="sm" fw={600}>
                  A customer already has this phone:
                </Text>
                {duplicates.map((d) => (
                  <Group key={d.id} justify="space-between">
                    <Text size="sm">
                      {d.name} {d.phone ? `· ${d.phone}` : ''}
                    </Text>
                    <Button size="compact-xs" onClick={() => pick(d.id)}>
                      Use {d.name}
                    </Button>
                  </Group>
                ))}
                <Button size="xs" variant="default" onClick={() => submit(true)} loading={create.isPending}>
                  Create anyway
                </Button>
              </Stack>
            )}
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => (setCreating(false), setDuplicates(null))}>
                Back to search
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create customer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * The customer search as a combobox: what is typed finds customers (debounced), ↑ ↓ move the
 * highlight and Enter picks it. Enter pressed before the answer to what is typed has arrived waits
 * for it, then picks the one highlighted if it is in it, else the first (unless more was typed).
 */
function CustomerSearch({
  q,
  onQ,
  onPick,
}: {
  q: string;
  onQ: (q: string) => void;
  onPick: (customerId: string) => void;
}) {
  const [debounced] = useDebouncedValue(q, 200);
  const search = useCustomerSearch(debounced);
  const [rawHighlight, setHighlight] = useState(0);
  // Enter pressed before the answer to what is typed: that text, and whom the list highlighted then.
  const [enterOn, setEnterOn] = useState<{ q: string; id: string | undefined } | null>(null);
  const listId = useId();
  const items = search.data?.items ?? [];
  const highlight = Math.min(rawHighlight, Math.max(items.length - 1, 0));
  const answered = debounced === q && search.isSuccess && !search.isPlaceholderData;
  const chosenOnAnswer =
    enterOn !== null && enterOn.q === q && answered
      ? (items.find((c) => c.id === enterOn.id) ?? items[0])?.id
      : undefined;
  const pickOnAnswer = useEffectEvent((id: string) => onPick(id));
  useEffect(() => {
    if (chosenOnAnswer) pickOnAnswer(chosenOnAnswer);
  }, [chosenOnAnswer]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => Math.min(Math.max(h + step, 0), Math.max(items.length - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!answered) setEnterOn({ q, id: items[highlight]?.id });
      else if (items[highlight]) onPick(items[highlight].id);
    }
  };
  const optionId = (id: string) => `${listId}-${id}`;
  return (
    <>
      <TextInput
        label="Search customers"
        placeholder="Name or phone"
        value={q}
        onChange={(e) => {
          onQ(e.currentTarget.value);
          setHighlight(0);
          setEnterOn(null);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items[highlight] ? optionId(items[highlight].id) : undefined}
        autoComplete="off"
        data-autofocus
      />
      {search.isError ? (
        <Text c="red" size="sm">
          The customers could not be loaded.
        </Text>
      ) : search.data?.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No customer matches.
        </Text>
      ) : (
        // A list box only when there are customers to choose (an empty one is no list box).
        items.length > 0 && (
          <Stack gap={4} role="listbox" id={listId} aria-label="Customers found">
            {items.map((c, i) => (
              <UnstyledButton
                key={c.id}
                id={optionId(c.id)}
                role="option"
                aria-selected={i === highlight}
                data-highlighted={i === highlight || undefined}
                className={classes.result}
                tabIndex={-1}
                onMouseEnter={() => setHighlight(i)}
                onClick={() => onPick(c.id)}
                p={6}
              >
                <Text size="sm" fw={600}>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[c.phone, c.email].filter(Boolean).join(' · ') || '—'}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )
      )}
    </>
  );
}
