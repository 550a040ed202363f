import { Button, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import {
  basisPointsToPercent,
  createTaxRateBodySchema,
  percentToBasisPoints,
  updateTaxRateBodySchema,
  type CreateTaxRateBody,
  type TaxRate,
  type UpdateTaxRateBody,
} from '@ipos/contracts';
import { useZodForm, type FieldErrors, type FieldProps } from '../../../components/form/use-zod-form';

/**
 * The form's fields are strings; `rateBasisPoints` holds the percentage as typed ("7.5"), converted to
 * basis points exactly (by string arithmetic) before the contract's schema checks it. Naming the field
 * after the contract's means the API's field errors land on it too.
 */
type Values = { name: string; rateBasisPoints: string; isInclusive: string; isDefault: string };

/** What the shared fields need from either form. */
interface FormLike {
  field: (name: keyof Values) => FieldProps;
  values: Values;
  errors: FieldErrors<Values>;
  setValue: (field: keyof Values, value: string) => void;
}

const RATE_HINT = 'A percentage from 0 to 100, with at most 2 decimals (7.5 for 7.5%).';

function Fields({ form, rateLocked, withDefault }: { form: FormLike; rateLocked: boolean; withDefault: boolean }) {
  return (
    <>
      <TextInput {...form.field('name')} label="Name" placeholder="VAT" maxLength={60} required data-autofocus />
      <TextInput
        {...form.field('rateBasisPoints')}
        label="Rate (%)"
        description={rateLocked ? 'This rate is in use: create a new rate instead of changing it.' : RATE_HINT}
        inputMode="decimal"
        rightSection="%"
        required
        disabled={rateLocked}
      />
      <Radio.Group
        name="isInclusive"
        label="Prices"
        value={form.values.isInclusive}
        onChange={(value) => form.setValue('isInclusive', value)}
        error={form.errors.isInclusive}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="true" label="Inclusive: the tax is already in the selling price" disabled={rateLocked} />
          <Radio value="false" label="Exclusive: the tax is added on top of the selling price" disabled={rateLocked} />
        </Stack>
      </Radio.Group>
      {withDefault ? (
        <Checkbox
          name="isDefault"
          label="Make this the default rate (replaces the current default)"
          checked={form.values.isDefault === 'true'}
          onChange={(event) => form.setValue('isDefault', event.currentTarget.checked ? 'true' : 'false')}
          error={form.errors.isDefault}
        />
      ) : null}
    </>
  );
}

const emptyValues: Values = { name: '', rateBasisPoints: '', isInclusive: 'false', isDefault: 'false' };

const toCreateInput = (v: Values) => ({
  name: v.name,
  rateBasisPoints: percentToBasisPoints(v.rateBasisPoints),
  isInclusive: v.isInclusive === 'true',
  isDefault: v.isDefault === 'true',
});

const valuesOf = (rate: TaxRate): Values => ({
  name: rate.name,
  rateBasisPoints: basisPointsToPercent(rate.rateBasisPoints),
  isInclusive: String(rate.isInclusive),
  isDefault: String(rate.isDefault),
});

/** The update body: the version read, the name, and the rate only while nothing uses it. */
const toEditInput = (rate: TaxRate) => (v: Values) => ({
  version: rate.version,
  name: v.name,
  ...(rate.isUsed
    ? {}
    : { rateBasisPoints: percentToBasisPoints(v.rateBasisPoints), isInclusive: v.isInclusive === 'true' }),
});

/** `settings/tax-management/create`: validated with the create contract; the API's 409 on the name shows on it. */
export function CreateTaxRateForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (body: CreateTaxRateBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useZodForm({
    schema: createTaxRateBodySchema,
    initialValues: emptyValues,
    toInput: toCreateInput,
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not create the tax rate');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New tax rate">
      <Stack gap="md">
        <Fields
          form={{ field: form.field, values: form.values, errors: form.errors, setValue: form.setValue }}
          rateLocked={false}
          withDefault
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={form.isSubmitting}>
            Create tax rate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit a rate: rename it; its rate and inclusiveness only while it is unused (the API says so too). */
export function EditTaxRateForm({
  rate,
  onSubmit,
  onCancel,
}: {
  rate: TaxRate;
  onSubmit: (body: UpdateTaxRateBody) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm({
    schema: updateTaxRateBodySchema,
    initialValues: valuesOf(rate),
    toInput: toEditInput(rate),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not save the tax rate');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${rate.name}`}>
      <Stack gap="md">
        <Fields
          form={{ field: form.field, values: form.values, errors: form.errors, setValue: form.setValue }}
          rateLocked={rate.isUsed}
          withDefault={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
