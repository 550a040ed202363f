import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { currencies } from '@ipos/contracts';
import { PasswordRules } from '../../../components/form/password-rules';
import { PinField } from '../../../components/form/pin-field';
import { showApiError, toast, toastPositions, toastTypes, type ToastType } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { Section } from './section';

const typeLabel: Record<ToastType, string> = { info: 'Info', success: 'Success', warning: 'Warning', error: 'Error' };

export function ButtonsSection() {
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

export function InputsSection() {
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

export function ToastSection() {
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
