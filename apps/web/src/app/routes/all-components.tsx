import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { currencies, purchaseOrderStatuses, type CurrencyCode } from '@ipos/contracts';
import { Brand } from '../../components/brand/brand';
import { EmptyState } from '../../components/feedback/empty-state';
import { InlineError } from '../../components/feedback/inline-error';
import { LoadingState } from '../../components/feedback/loading-state';
import { PasswordRules } from '../../components/form/password-rules';
import { PinField } from '../../components/form/pin-field';
import { Money } from '../../components/money/money';
import { PurchaseOrderStatusBadge } from '../../components/status-badge/purchase-order-status-badge';
import { showApiError, toast, toastPositions, toastTypes, type ToastType } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { truncate } from '../../lib/truncate';

const sections = [
  { id: 'buttons', title: 'Buttons' },
  { id: 'inputs', title: 'Inputs' },
  { id: 'toast', title: 'Toast' },
  { id: 'table', title: 'Table' },
  { id: 'badges', title: 'Badges' },
  { id: 'money', title: 'Money' },
  { id: 'states', title: 'States' },
  { id: 'truncation', title: 'Truncation' },
] as const;

type SectionId = (typeof sections)[number]['id'];

function Section({ id, description, children }: { id: SectionId; description?: string; children: ReactNode }) {
  const title = sections.find((s) => s.id === id)?.title ?? id;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

const typeLabel: Record<ToastType, string> = { info: 'Info', success: 'Success', warning: 'Warning', error: 'Error' };

function ButtonsSection() {
  return (
    <Section id="buttons" description="One filled button per screen for the main action; the rest quieter.">
      <Group gap="sm">
        <Button>Save</Button>
        <Button variant="light">Light</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="default">Cancel</Button>
        <Button variant="subtle">Subtle</Button>
        <Button color="red">Delete</Button>
        <Button loading loaderProps={{ 'aria-label': 'Saving' }}>
          Saving
        </Button>
        <Button disabled>Disabled</Button>
      </Group>
      <Group gap="sm">
        <Button size="xs">Extra small</Button>
        <Button size="sm">Small</Button>
        <Button size="md">Medium</Button>
        <Button size="lg">Large</Button>
      </Group>
    </Section>
  );
}

function InputsSection() {
  const [password, setPassword] = useState('');
  return (
    <Section id="inputs" description="Every field has a visible label; errors sit under their field.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Product name" placeholder="Golden Penny Spaghetti 500g" />
        <TextInput label="Contact email" defaultValue="ada@" error="Enter a valid email address" />
        <PasswordInput
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          description={<PasswordRules value={password} />}
          descriptionProps={{ component: 'div' }}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
        />
        <PinField label="PIN" description="4 to 6 digits" />
        <PinField label="PIN (with an error)" defaultValue="12" error="A PIN is 4 to 6 digits" />
        <NativeSelect
          label="Currency"
          data={currencies.map((c) => ({ value: c.code, label: `${c.option} (${c.symbol})` }))}
        />
        <NativeSelect label="Store (with an error)" data={['', 'Lekki', 'Ikeja']} error="Choose a store" />
        <Textarea label="Note" placeholder="Delivered by the morning van" rows={2} />
        <Checkbox label="Track stock for this product" defaultChecked />
        <Switch label="Allow selling below zero stock" />
        <TextInput label="Disabled field" defaultValue="LEK" disabled />
      </SimpleGrid>
    </Section>
  );
}

function ToastSection() {
  return (
    <Section
      id="toast"
      description="Shown on request; hides itself after 3 seconds or on Close. Every API error uses it."
    >
      <div>
        <Text fw={600} size="sm" mb="xs">
          Types (top right)
        </Text>
        <Group gap="sm">
          {toastTypes.map((type) => (
            <Button
              key={type}
              variant="light"
              onClick={() => toast.show({ type, title: typeLabel[type], message: `An example ${type} toast` })}
            >
              Show {type} toast
            </Button>
          ))}
        </Group>
      </div>
      <div>
        <Text fw={600} size="sm" mb="xs">
          Positions (info)
        </Text>
        <Group gap="sm">
          {toastPositions.map((position) => (
            <Button
              key={position}
              variant="default"
              onClick={() => toast.show({ position, message: `Shown ${position}` })}
            >
              Show toast {position}
            </Button>
          ))}
        </Group>
      </div>
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() =>
            showApiError(new ApiError({ code: 'FORBIDDEN', status: 403, message: 'Forbidden' }), 'Could not save')
          }
        >
          Show an API error
        </Button>
        <Button
          variant="default"
          onClick={() => toast.show({ type: 'success', message: 'Stays for 10 seconds', duration: 10_000 })}
        >
          Show a 10-second toast
        </Button>
        <Button variant="subtle" onClick={() => toast.hide()}>
          Hide all toasts
        </Button>
      </Group>
    </Section>
  );
}

const sampleProducts: { name: string; sku: string; priceMinor: number; onHand: number }[] = [
  { name: 'Golden Penny Spaghetti 500g, carton of 20 packs', sku: 'GP-SPA-500', priceMinor: 1_850_000, onHand: 14 },
  { name: 'Peak Milk Powder 400g', sku: 'PK-MLK-400', priceMinor: 320_000, onHand: 0 },
  { name: 'Dangote Sugar 1kg', sku: 'DG-SUG-1K', priceMinor: 145_000, onHand: 52 },
];

function TableSection() {
  return (
    <Section
      id="table"
      description="Long names are shortened with the truncation helper; the full name is kept for hover and screen readers."
    >
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Caption>Sample products at Lekki</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col">SKU</Table.Th>
              <Table.Th scope="col" ta="right">
                Price
              </Table.Th>
              <Table.Th scope="col" ta="right">
                On hand
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sampleProducts.map((product) => (
              <Table.Tr key={product.sku}>
                <Table.Td title={product.name} aria-label={product.name}>
                  {truncate(product.name, 28)}
                </Table.Td>
                <Table.Td>{product.sku}</Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={product.priceMinor} currency="NGN" />
                </Table.Td>
                <Table.Td ta="right" c={product.onHand === 0 ? 'red.8' : undefined}>
                  {product.onHand === 0 ? 'Out of stock' : product.onHand}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function BadgesSection() {
  return (
    <Section id="badges" description="Purchase-order statuses; the word carries the meaning, the colour only helps.">
      <Group gap="sm" aria-label="Purchase-order statuses" role="list">
        {purchaseOrderStatuses.map((status) => (
          <Box key={status.value} role="listitem">
            <PurchaseOrderStatusBadge status={status.value} />
          </Box>
        ))}
      </Group>
    </Section>
  );
}

const currencyNames: Record<CurrencyCode, string> = {
  NGN: 'Nigerian naira',
  USD: 'US dollar',
  GBP: 'Pound sterling',
  EUR: 'Euro',
  KSD: 'Kenyan shilling',
  TZS: 'Tanzanian shilling',
};

function MoneySection() {
  return (
    <Section id="money" description="Amounts are integer minor units, shown with the currency's symbol.">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs">
          <Table.Caption>Every currency iPos trades in</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Currency</Table.Th>
              <Table.Th scope="col">Symbol</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Refund
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Zero
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {currencies.map((currency) => (
              <Table.Tr key={currency.code} data-currency={currency.code}>
                <Table.Th scope="row" fw={500}>
                  {currencyNames[currency.code]} ({currency.code})
                </Table.Th>
                <Table.Td>{currency.symbol}</Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={1_234_550} currency={currency.code} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={-2_500} currency={currency.code} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={0} currency={currency.code} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function StatesSection() {
  return (
    <Section id="states" description="What a panel shows before its data, without data, and when loading failed.">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Paper withBorder radius="md">
          <LoadingState label="Loading products…" />
        </Paper>
        <Paper withBorder radius="md">
          <EmptyState
            title="No products yet"
            action={
              <Button size="xs" variant="light">
                Add a product
              </Button>
            }
          >
            Products you add appear here.
          </EmptyState>
        </Paper>
        <InlineError
          title="Could not load the products"
          onRetry={() => toast.show({ message: 'Trying again…', position: 'top-right' })}
        >
          No connection to iPos; check the network and try again.
        </InlineError>
      </SimpleGrid>
    </Section>
  );
}

function TruncationSection() {
  const [text, setText] = useState('Golden Penny Spaghetti 500g, carton of 20 packs');
  const [length, setLength] = useState<number>(12);
  return (
    <Section
      id="truncation"
      description="window.truncate(value, length): an empty value gives an empty string; longer text is cut to the length with an ellipsis."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Text to shorten" value={text} onChange={(event) => setText(event.currentTarget.value)} />
        <NumberInput
          label="Length"
          min={0}
          max={200}
          allowDecimal={false}
          value={length}
          onChange={(value) => setLength(typeof value === 'number' ? value : Number(value) || 0)}
        />
      </SimpleGrid>
      <Text>
        Result: <output data-testid="truncation-result">{truncate(text, length)}</output>
      </Text>
    </Section>
  );
}

/** `/all-components`: the app's own kit, every piece in each of its states. Public. */
export function AllComponentsRoute() {
  return (
    <Box bg="gray.0" mih="100dvh">
      <Container size="lg" component="main" id="main" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="md" wrap="nowrap">
              <Brand />
              <Title order={1} size="h2">
                Component showcase
              </Title>
            </Group>
            <Anchor component={Link} to="/" fw={600}>
              Back to sign in
            </Anchor>
          </Group>
          <Box component="nav" aria-label="Showcase sections">
            <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Anchor href={`#${section.id}`}>{section.title}</Anchor>
                </li>
              ))}
            </Group>
          </Box>
          <ButtonsSection />
          <InputsSection />
          <ToastSection />
          <TableSection />
          <BadgesSection />
          <MoneySection />
          <StatesSection />
          <TruncationSection />
        </Stack>
      </Container>
    </Box>
  );
}

export { AllComponentsRoute as Component };
