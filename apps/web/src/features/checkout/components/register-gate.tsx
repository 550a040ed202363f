import { formatStoreTime } from '@ipos/contracts';
import { useStoreTimeZone } from '../../../lib/active-store';
import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { registerNameSchema, type CurrencyCode, type RegisterSession } from '@ipos/contracts';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { MoneyInput, parseMoneyInput } from '../../../components/money/money-input';
import { showApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useOpenRegister, useOpenRegisters } from '../api/checkout-api';
import { DeviceReportNote } from './device-report-note';

/**
 * Before selling: the registers open in this store now (resume one; each with the sales its till's
 * device last said it still holds) or open a register with its counted float. Whoever sells may
 * open a register (and close the one they opened): the checkout route itself asks for selling.
 */
export function RegisterGate({
  storeId,
  currency,
  onEnter,
}: {
  storeId: string;
  currency: CurrencyCode;
  onEnter: (session: RegisterSession) => void;
}) {
  const open = useOpenRegisters(storeId);
  const timeZone = useStoreTimeZone();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Checkout</Title>
      {open.isPending ? (
        <LoadingCard label="Loading the open registers" />
      ) : open.isError ? (
        <LoadError
          title="The open registers could not be loaded"
          error={open.error}
          onRetry={() => void open.refetch()}
          isRetrying={open.isFetching}
        />
      ) : (
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Open registers
          </Title>
          {open.data.items.length === 0 ? (
            <Text c="dimmed">No register is open in this store.</Text>
          ) : (
            <Table verticalSpacing="sm" aria-label="Open registers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Register</Table.Th>
                  <Table.Th>Opened by</Table.Th>
                  <Table.Th>Since</Table.Th>
                  <Table.Th>Sales</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.data.items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td fw={600}>{s.registerName}</Table.Td>
                    <Table.Td>{s.openedBy.name}</Table.Td>
                    <Table.Td>{formatStoreTime(s.openedAt, timeZone)}</Table.Td>
                    <Table.Td>
                      {s.summary.salesCount} · <Money amountMinor={s.summary.salesTotalMinor} currency={currency} />
                      <DeviceReportNote report={s.deviceReport} timeZone={timeZone} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" onClick={() => onEnter(s)} aria-label={`Use this register: ${s.registerName}`}>
                        Use this register
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}
      <OpenRegisterForm
        storeId={storeId}
        currency={currency}
        openNames={open.data?.items.map((s) => s.registerName) ?? []}
        onOpened={onEnter}
      />
    </Stack>
  );
}

/** The first "Till N" no open register of the store is named (names are unique per store regardless of case). */
function freeRegisterName(openNames: string[]): string {
  const taken = new Set(openNames.map((n) => n.trim().toLowerCase()));
  let n = 1;
  while (taken.has(`till ${n}`)) n += 1;
  return `Till ${n}`;
}

function OpenRegisterForm({
  storeId,
  currency,
  openNames,
  onOpened,
}: {
  storeId: string;
  currency: CurrencyCode;
  /** The names of the registers open in the store now, to suggest a free one. */
  openNames: string[];
  onOpened: (session: RegisterSession) => void;
}) {
  // Until the cashier types a name, the suggestion follows the open registers as they load or change.
  const [typedName, setTypedName] = useState<string | null>(null);
  const name = typedName ?? freeRegisterName(openNames);
  const [float, setFloat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const openRegister = useOpenRegister(storeId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const parsedName = registerNameSchema.safeParse(name);
    if (!parsedName.success) next.registerName = parsedName.error.issues[0]!.message;
    const amount = parseMoneyInput(float, currency);
    if (!amount.ok) next.openingFloatMinor = amount.message;
    else if (amount.minor === null) next.openingFloatMinor = 'Count the float (0 if none)';
    setErrors(next);
    if (Object.keys(next).length > 0 || !amount.ok || amount.minor === null || !parsedName.success) return;
    openRegister.mutate(
      { registerName: parsedName.data, openingFloatMinor: amount.minor },
      {
        onSuccess: onOpened,
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.length > 0) setErrors(error.fieldErrorMap());
          else if (isApiError(error) && error.code === 'REGISTER_ALREADY_OPEN')
            setErrors({ registerName: 'This register is already open: use it above, or choose another name' });
          else showApiError(error, 'The register did not open');
        },
      },
    );
  };

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Open a register"
    >
      <Title order={2} size="h4" mb="sm">
        Open a register
      </Title>
      <Group align="flex-start" grow>
        <TextInput
          label="Register name"
          value={name}
          onChange={(e) => setTypedName(e.currentTarget.value)}
          error={errors.registerName}
          maxLength={40}
        />
        <MoneyInput
          label="Counted float"
          description="The cash in the drawer now"
          value={float}
          onChange={setFloat}
          currency={currency}
          error={errors.openingFloatMinor}
        />
      </Group>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={openRegister.isPending}>
          Open register
        </Button>
      </Group>
    </Card>
  );
}
