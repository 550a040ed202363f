import { Alert, NativeSelect, Text, TextInput } from '@mantine/core';
import {
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
  paymentMethodLabels,
  paymentMethods,
  type MobileMoneyProvider,
  type PaymentMethod,
} from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { FormColumns } from '../../../components/form/form-columns';
import type { RefundFormState } from './use-refund-form';

/**
 * How the refund is paid back: the method; for cash the open register it comes out of (chosen when
 * several are open, said when none is); else a reference; for mobile money the provider and phone.
 */
export function RefundMethodFields({ form }: { form: RefundFormState }) {
  const { method, isCash, registers, openRegisters, errors } = form;
  return (
    <>
      <FormColumns>
        <NativeSelect
          label="Refund by"
          value={method}
          error={errors.method}
          onChange={(event) => form.setMethod(event.currentTarget.value as PaymentMethod)}
          data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
        />
        {isCash ? (
          openRegisters.length > 1 ? (
            <NativeSelect
              label="Paid out of"
              value={form.chosenSession}
              error={errors.sessionId}
              onChange={(event) => form.setSessionId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose the register', disabled: true },
                ...openRegisters.map((r) => ({ value: r.id, label: `${r.registerName} (${r.openedBy.name})` })),
              ]}
            />
          ) : openRegisters.length === 1 ? (
            <TextInput label="Paid out of" value={openRegisters[0]!.registerName} readOnly />
          ) : null
        ) : (
          <TextInput
            label="Reference"
            description={method === 'card' ? 'The terminal’s reference' : 'Optional'}
            value={form.reference}
            error={errors.reference}
            maxLength={80}
            onChange={(event) => form.setReference(event.currentTarget.value)}
          />
        )}
      </FormColumns>
      {isCash && registers.isError ? (
        <LoadError
          title="We could not load the open registers"
          error={registers.error}
          onRetry={() => void registers.refetch()}
          isRetrying={registers.isFetching}
        />
      ) : null}
      {isCash && registers.isSuccess && openRegisters.length === 0 ? (
        <Alert color="orange" variant="light" data-testid="no-open-register">
          Cash is paid out of an open register, and no register is open in this store. Open one at the register, or
          refund by another method.
          {errors.sessionId ? (
            <Text size="sm" c="red" mt={4}>
              {errors.sessionId}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {method === 'mobile_money' ? (
        <FormColumns>
          <NativeSelect
            label="Provider"
            value={form.provider}
            error={errors.provider}
            onChange={(event) => form.setProvider(event.currentTarget.value as MobileMoneyProvider)}
            data={[
              { value: '', label: 'Choose the provider', disabled: true },
              ...mobileMoneyProviders.map((p) => ({ value: p, label: mobileMoneyProviderLabels[p] })),
            ]}
          />
          <TextInput
            label="Phone"
            value={form.phone}
            error={errors.phone}
            inputMode="tel"
            onChange={(event) => form.setPhone(event.currentTarget.value)}
          />
        </FormColumns>
      ) : null}
    </>
  );
}
