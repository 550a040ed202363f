import { useState } from 'react';
import { Button, NumberInput, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { EmptyState } from '../../../components/feedback/empty-state';
import { InlineError } from '../../../components/feedback/inline-error';
import { LoadingState } from '../../../components/feedback/loading-state';
import { toast } from '../../../components/toast';
import { truncate } from '../../../lib/truncate';
import { Section } from './section';

export function StatesSection() {
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

export function TruncationSection() {
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
