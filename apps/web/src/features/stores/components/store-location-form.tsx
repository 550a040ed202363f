import { Alert, Button, Group, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  updateStoreSettingsBodySchema,
  type CurrencyCode,
  type StoreSettings,
  type UpdateStoreSettingsBody,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { MoneyInput, minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { TimeZoneSelect } from '../../../components/form/time-zone-select';

type Values = {
  name: string;
  address: string;
  phone: string;
  timeZone: string;
  allowNegativeStock: string;
  wasteApprovalThresholdMinor: string;
};

const valuesOf = (s: StoreSettings, currency: CurrencyCode): Values => ({
  name: s.name,
  address: s.address ?? '',
  phone: s.phone ?? '',
  timeZone: s.timeZone,
  allowNegativeStock: String(s.allowNegativeStock),
  wasteApprovalThresholdMinor: minorToInput(s.wasteApprovalThresholdMinor, currency),
});

/**
 * A store's location settings (`settings/store-details/location/{id}`): name, address, phone, time
 * zone, negative stock and the waste approval threshold, checked with the update contract and sent
 * with the version read (someone else's change in between is a 409 the form says).
 */
export function StoreLocationForm({
  settings,
  currency,
  canEdit,
  onSubmit,
}: {
  settings: StoreSettings;
  currency: CurrencyCode;
  /** settings.store in that store; otherwise the settings are shown, not changed. */
  canEdit: boolean;
  onSubmit: (body: UpdateStoreSettingsBody) => Promise<void>;
}) {
  const threshold = (v: Values) => parseMoneyInput(v.wasteApprovalThresholdMinor, currency);
  const form = useZodForm({
    schema: updateStoreSettingsBodySchema,
    initialValues: valuesOf(settings, currency),
    toInput: (v: Values) => {
      const parsed = threshold(v);
      return {
        version: settings.version,
        name: v.name,
        address: v.address.trim() ? v.address : null,
        phone: v.phone.trim() ? v.phone : null,
        timeZone: v.timeZone,
        allowNegativeStock: v.allowNegativeStock === 'true',
        ...(parsed.ok && parsed.minor !== null ? { wasteApprovalThresholdMinor: parsed.minor } : {}),
      };
    },
    validate: (v) => {
      const parsed = threshold(v);
      if (!parsed.ok) return { wasteApprovalThresholdMinor: parsed.message };
      return parsed.minor === null
        ? { wasteApprovalThresholdMinor: 'Enter an amount (0 sends every record for approval)' }
        : {};
    },
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not save the store');
    }
  });
  const zoneChanged = form.values.timeZone !== settings.timeZone;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Settings of ${settings.name}`}>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <TextInput {...form.field('name')} label="Store name" maxLength={80} required />
          <Textarea {...form.field('address')} label="Address" rows={2} maxLength={300} />
          <TextInput {...form.field('phone')} label="Phone" inputMode="tel" placeholder="+234 801 234 5678" />
          <TimeZoneSelect
            description="The store’s calendar: its days, reports and due dates."
            keep={settings.timeZone}
            value={form.values.timeZone}
            onChange={(zone) => form.setValue('timeZone', zone)}
            error={form.errors.timeZone}
          />
          {zoneChanged ? (
            <Alert color="yellow" variant="light">
              Reports will count every past sale on its day in {form.values.timeZone}.
            </Alert>
          ) : null}
          <Switch
            label="Allow stock to go below zero"
            description="Sales, adjustments and transfers may take tracked goods below zero in this store."
            checked={form.values.allowNegativeStock === 'true'}
            onChange={(event) => form.setValue('allowNegativeStock', String(event.currentTarget.checked))}
          />
          <MoneyInput
            label="Waste approval threshold"
            description="Waste worth more than this, recorded by someone who may not approve waste, waits for a manager."
            currency={currency}
            value={form.values.wasteApprovalThresholdMinor}
            onChange={(value) => form.setValue('wasteApprovalThresholdMinor', value)}
            error={form.errors.wasteApprovalThresholdMinor}
            w={260}
          />
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={form.isSubmitting}>
                Save
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}
