import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Stack, Text, TextInput } from '@mantine/core';
import { checkBarcode, type ProductUnit, type StockCountLine } from '@ipos/contracts';
import { describeApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useScanCount } from '../api/stock';

/**
 * A keyboard-wedge scanner types the code and Enter: each scan adds one to that line. Focus stays
 * here, so the next item can be scanned at once; an unknown code says so in place.
 */
export function ScanBox({
  countId,
  lines,
  onCounted,
}: {
  countId: string;
  lines: StockCountLine[];
  onCounted: (variantId: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [last, setLast] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const scan = useScanCount();
  // Ready for the scanner as soon as the sheet opens: the first scan must not be lost.
  useEffect(() => input.current?.focus(), []);

  const submit = async () => {
    const check = checkBarcode(code);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    try {
      const before = new Map(lines.map((l) => [l.variantId, l.counted]));
      const updated = await scan.mutateAsync({ countId, barcode: check.code });
      const changed =
        updated.lines.find((l) => !before.has(l.variantId) || before.get(l.variantId) !== l.counted) ??
        updated.lines.find((l) => l.barcode === check.code);
      if (changed) {
        onCounted(changed.variantId);
        setLast(`${changed.name}: ${formatQuantity(changed.counted ?? 0, changed.unit as ProductUnit)} counted`);
      }
      setError(undefined);
      setCode('');
    } catch (failure) {
      setError(
        isApiError(failure) && failure.code === 'NOT_FOUND'
          ? `No product has the barcode ${check.code}`
          : isApiError(failure) && failure.fieldErrors[0]
            ? failure.fieldErrors[0].message
            : describeApiError(failure),
      );
      input.current?.select();
    } finally {
      input.current?.focus();
    }
  };

  return (
    <Stack gap={4}>
      <TextInput
        ref={input}
        label="Scan or type a barcode"
        description="Each scan adds 1 to its line. Press Enter after typing."
        value={code}
        error={error}
        autoComplete="off"
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        rightSection={scan.isPending ? <Badge size="xs">…</Badge> : null}
      />
      <Text size="sm" c="green" aria-live="polite" mih={20}>
        {last ?? ''}
      </Text>
      {scan.isError && !error ? <Alert color="red">{describeApiError(scan.error)}</Alert> : null}
    </Stack>
  );
}
