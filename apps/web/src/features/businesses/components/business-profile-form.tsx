import { Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  currencyCodes,
  updateBusinessProfileBodySchema,
  type BusinessProfile,
  type UpdateBusinessProfileBody,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { countries, currencyLabels } from '../../../lib/countries';
import { FormColumns } from '../../../components/form/form-columns';

type Values = {
  name: string;
  country: string;
  currency: string;
  taxId: string;
  phone: string;
  email: string;
  address: string;
  receiptHeader: string;
  receiptFooter: string;
};

const valuesOf = (p: BusinessProfile): Values => ({
  name: p.name,
  country: p.country,
  currency: p.currency,
  taxId: p.taxId ?? '',
  phone: p.phone ?? '',
  email: p.email ?? '',
  address: p.address ?? '',
  receiptHeader: p.receiptHeader ?? '',
  receiptFooter: p.receiptFooter ?? '',
});

/** The sign-up countries, and the business's own if it is not among them. */
function countryOptions(current: string) {
  const options = countries.map((c) => ({ value: c.code, label: c.name }));
  return options.some((o) => o.value === current) ? options : [{ value: current, label: current }, ...options];
}

const currencyOptions = currencyCodes.map((code) => ({ value: code, label: currencyLabels[code] }));

/**
 * The business profile of store details: checked with the update contract and sent with the version
 * read (a change by someone else in between is the API's 409, said on the form). The currency stays
 * as it is once the business has sold: every amount already recorded is in it.
 */
export function BusinessProfileForm({
  profile,
  onSubmit,
}: {
  profile: BusinessProfile;
  onSubmit: (body: UpdateBusinessProfileBody) => Promise<void>;
}) {
  const form = useZodForm({
    schema: updateBusinessProfileBodySchema,
    initialValues: valuesOf(profile),
    toInput: (v: Values) => ({ version: profile.version, ...v }),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not save the business profile');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Business profile">
      <Stack gap="md">
        <TextInput {...form.field('name')} label="Business name" maxLength={120} required />
        <FormColumns spacing="md">
          <Select
            label="Country"
            data={countryOptions(profile.country)}
            searchable
            allowDeselect={false}
            value={form.values.country}
            onChange={(value) => value && form.setValue('country', value)}
            error={form.errors.country}
            nothingFoundMessage="No such country"
          />
          <Select
            label="Currency"
            description={
              profile.currencyLocked
                ? 'Fixed since the first sale: every amount recorded is in it.'
                : 'Changeable until the first sale.'
            }
            data={currencyOptions}
            allowDeselect={false}
            disabled={profile.currencyLocked}
            value={form.values.currency}
            onChange={(value) => value && form.setValue('currency', value)}
            error={form.errors.currency}
          />
          <TextInput
            {...form.field('taxId')}
            label="Tax id"
            description="Printed on receipts and invoices"
            maxLength={40}
          />
          <TextInput {...form.field('phone')} label="Phone" inputMode="tel" placeholder="+234 801 234 5678" />
        </FormColumns>
        <TextInput {...form.field('email')} label="Email" type="email" inputMode="email" maxLength={254} />
        <Textarea {...form.field('address')} label="Address" rows={2} maxLength={200} />
        <Textarea
          {...form.field('receiptHeader')}
          label="Receipt header"
          description="Printed above the lines of every receipt"
          rows={2}
          maxLength={200}
        />
        <Textarea
          {...form.field('receiptFooter')}
          label="Receipt footer"
          description="Printed at the end of every receipt, e.g. your returns policy"
          rows={2}
          maxLength={300}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
