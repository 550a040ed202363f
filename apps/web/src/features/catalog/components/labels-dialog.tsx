import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { labelTemplates, type LabelTemplate } from '@ipos/contracts';
import { showApiError } from '../../../components/toast';
import { saveBlob, usePrintLabels } from '../api/products';

export interface LabelItem {
  variantId: string;
  name: string;
}

const templateLabels: Record<LabelTemplate, string> = {
  'a4-3x8': 'A4, 24 per sheet',
  'a4-4x10': 'A4, 40 per sheet',
  'roll-50x30': 'Roll 50×30 mm',
};

/**
 * Barcode labels for chosen variants: how many of each and which sheet, then the PDF (opened in a new
 * tab to print, or downloaded when the browser blocks the tab).
 */
export function LabelsDialog({ opened, onClose, items }: { opened: boolean; onClose: () => void; items: LabelItem[] }) {
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [template, setTemplate] = useState<LabelTemplate>('a4-3x8');
  const print = usePrintLabels();
  const chosen = items
    .map((item) => ({ variantId: item.variantId, quantity: quantities[item.variantId] ?? 1 }))
    .filter((item) => item.quantity > 0);
  const total = chosen.reduce((sum, item) => sum + item.quantity, 0);

  const make = async () => {
    try {
      const pdf = await print.mutateAsync({ items: chosen, template });
      const url = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
      // A tab with the PDF to print; where pop-ups are blocked (window.open gives null), a download.
      // (Not 'noopener': with it window.open always answers null, and both would happen.)
      const tab = window.open(url, '_blank');
      if (!tab) saveBlob(pdf, 'labels.pdf');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      onClose();
    } catch (error) {
      showApiError(error, 'Could not make the labels');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Print labels" size="lg">
      <Stack gap="md">
        <SegmentedControl
          aria-label="Label sheet"
          value={template}
          onChange={(value) => setTemplate(value as LabelTemplate)}
          data={labelTemplates.map((t) => ({ value: t, label: templateLabels[t] }))}
        />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing to print: choose products first.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360} mah={360}>
            <Table aria-label="Labels to print" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={130}>Labels</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.variantId}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Labels for ${item.name}`}
                        min={0}
                        max={500}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        value={quantities[item.variantId] ?? 1}
                        onChange={(value) =>
                          setQuantities((current) => ({
                            ...current,
                            [item.variantId]: typeof value === 'number' ? value : 0,
                          }))
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'label' : 'labels'}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void make()} loading={print.isPending} disabled={chosen.length === 0}>
              Make the PDF
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
