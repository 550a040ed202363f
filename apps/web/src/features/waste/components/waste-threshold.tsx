import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { wasteThresholdBodySchema, type CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput, minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSetWasteThreshold } from '../api/waste';

/**
 * The store's approval threshold: waste worth more, recorded by someone who may not approve waste,
 * waits for a manager. settings.store holders change it here.
 */
export function WasteThreshold({
  thresholdMinor,
  currency,
  canEdit,
}: {
  thresholdMinor: number;
  currency: CurrencyCode;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saving = useSetWasteThreshold();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoneyInput(text, currency);
    if (!parsed.ok) return setError(parsed.message);
    const body = wasteThresholdBodySchema.safeParse({ thresholdMinor: parsed.minor });
    if (!body.success) return setError(body.error.issues[0]?.message ?? 'Enter an amount');
    try {
      await saving.mutateAsync(body.data.thresholdMinor);
      toast.show({ type: 'success', message: 'Approval threshold saved' });
      setEditing(false);
    } catch (e) {
      const field = isApiError(e) ? e.fieldErrors.find((f) => f.field === 'thresholdMinor') : undefined;
      if (field) setError(field.message);
      else showApiError(e, 'Could not save the threshold');
    }
  };

  return (
    <Card withBorder padding="sm" radius="md" data-testid="waste-threshold">
      {editing ? (
        <form onSubmit={(e) => void save(e)} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <MoneyInput
              label="Approval threshold"
              description="Waste worth more than this waits for a manager"
              currency={currency}
              value={text}
              autoFocus
              error={error}
              w={220}
              onChange={(value) => {
                setText(value);
                setError(null);
              }}
            />
            <Button type="submit" loading={saving.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Approval threshold
            </Text>
            <Text size="sm">
              Waste worth more than <Money amountMinor={thresholdMinor} currency={currency} fw={700} /> recorded by
              staff who cannot approve waits for a manager.
            </Text>
          </Stack>
          {canEdit ? (
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                setText(minorToInput(thresholdMinor, currency));
                setError(null);
                setEditing(true);
              }}
            >
              Change
            </Button>
          ) : null}
        </Group>
      )}
    </Card>
  );
}
