import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  createBusinessBodySchema,
  currencyCodes,
  newStoreBodySchema,
  type CreateBusinessBody,
  type CurrencyCode,
} from '@ipos/contracts';
import { useZodForm, type FieldErrors } from '../../../components/form/use-zod-form';
import { countries, currencyLabels, defaultCurrencyOf } from '../../../lib/countries';
import { TimeZoneSelect } from '../../../components/form/time-zone-select';
import { FormColumns } from '../../../components/form/form-columns';

type Values = {
  name: string;
  country: string;
  currency: string;
  storeName: string;
  alias: string;
  timeZone: string;
};

/** The zone a country's first store most likely keeps (iPos's countries); Lagos otherwise. */
const zoneOf: Record<string, string> = { NG: 'Africa/Lagos', KE: 'Africa/Nairobi', TZ: 'Africa/Dar_es_Salaam' };

const toInput = (v: Values) => ({
  name: v.name,
  country: v.country,
  currency: v.currency,
  store: { name: v.storeName, alias: v.alias, timeZone: v.timeZone },
});

/** The first store's fields are nested in the body; their messages go on the flat fields here. */
function storeErrors(v: Values): FieldErrors<Values> {
  const parsed = newStoreBodySchema.safeParse(toInput(v).store);
  if (parsed.success) return {};
  const found: FieldErrors<Values> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'name' ? 'storeName' : (issue.path[0] as 'alias' | 'timeZone');
    if (key in v && !found[key]) found[key] = issue.message;
  }
  return found;
}

/** Admin mode's "New business": its name, country, currency and its first store. */
export function NewBusinessForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (body: CreateBusinessBody) => Promise<void>;
  onCancel: () => void;
}) {
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const form = useZodForm({
    schema: createBusinessBodySchema,
    initialValues: {
      name: '',
      country: 'NG',
      currency: 'NGN',
      storeName: 'Main store',
      alias: '',
      timeZone: 'Africa/Lagos',
    } satisfies Values,
    toInput,
    validate: storeErrors,
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not create the business');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New business">
      <Stack gap="md">
        <TextInput {...form.field('name')} label="Business name" maxLength={120} required data-autofocus />
        <FormColumns>
          <Select
            label="Country"
            required
            searchable
            allowDeselect={false}
            data={countries.map((c) => ({ value: c.code, label: c.name }))}
            value={form.values.country}
            error={form.errors.country}
            onChange={(country) => {
              if (!country) return;
              form.setValue('country', country);
              const currency = defaultCurrencyOf(country);
              if (currency && !currencyChosen) form.setValue('currency', currency);
              if (zoneOf[country]) form.setValue('timeZone', zoneOf[country]);
            }}
          />
          <Select
            label="Currency"
            description="Prices, sales and reports use it."
            required
            allowDeselect={false}
            data={currencyCodes.map((code) => ({ value: code, label: currencyLabels[code as CurrencyCode] }))}
            value={form.values.currency}
            error={form.errors.currency}
            onChange={(currency) => {
              if (!currency) return;
              setCurrencyChosen(true);
              form.setValue('currency', currency);
            }}
          />
        </FormColumns>
        <Title order={3} size="h5">
          Its first store
        </Title>
        <Text size="sm" c="dimmed" mt={-8}>
          You can add more stores from the business’s page.
        </Text>
        <FormColumns cols={3}>
          <TextInput {...form.field('storeName')} label="Store name" maxLength={80} required />
          <TextInput
            {...form.field('alias')}
            label="Code"
            description="2–5 letters, e.g. LEK."
            maxLength={5}
            required
            onChange={(event) => form.setValue('alias', event.currentTarget.value.toUpperCase())}
          />
          <TimeZoneSelect
            value={form.values.timeZone}
            onChange={(zone) => form.setValue('timeZone', zone)}
            error={form.errors.timeZone}
            required
          />
        </FormColumns>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            Create business
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
