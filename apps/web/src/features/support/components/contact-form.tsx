import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  createSupportRequestBodySchema,
  supportCategories,
  supportCategoryLabels,
  type SupportRequestCreated,
  type SupportSystemInfo,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { toast } from '../../../components/toast';
import { useSendSupportRequest } from '../api/support';

type Values = { subject: string; category: string; message: string };
const empty: Values = { subject: '', category: '', message: '' };
const categoryOptions = supportCategories.map((value) => ({ value, label: supportCategoryLabels[value] }));

/**
 * A message to the support team, checked with the contract before it goes; the system information
 * shown beside it is sent with it. Sent: a toast with the reference, and the form is emptied.
 */
export function ContactForm({ systemInfo }: { systemInfo: SupportSystemInfo }) {
  // A sent message starts a new, empty form (with no errors shown for its empty fields).
  const [round, setRound] = useState(0);
  return <ContactFormFields key={round} systemInfo={systemInfo} onSent={() => setRound((n) => n + 1)} />;
}

function ContactFormFields({
  systemInfo,
  onSent,
}: {
  systemInfo: SupportSystemInfo;
  onSent: (created: SupportRequestCreated) => void;
}) {
  const send = useSendSupportRequest();
  const form = useZodForm({
    schema: createSupportRequestBodySchema,
    initialValues: empty,
    toInput: (v: Values) => ({ ...v, systemInfo }),
  });
  const submit = form.onSubmit(async (body) => {
    try {
      const created = await send.mutateAsync(body);
      toast.show({
        type: 'success',
        title: 'Message sent',
        message: `Your reference is ${created.reference}. We answer by email.`,
        duration: 8000,
      });
      onSent(created);
    } catch (error) {
      form.reportApiError(error, 'Could not send your message');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Contact support">
      <Stack gap="md">
        <TextInput {...form.field('subject')} label="Subject" maxLength={150} required />
        <Select
          label="What is it about?"
          placeholder="Choose one"
          data={categoryOptions}
          allowDeselect={false}
          required
          value={form.values.category || null}
          onChange={(value) => form.setValue('category', value ?? '')}
          error={form.errors.category}
        />
        <Textarea
          {...form.field('message')}
          label="Message"
          description="What happened, what you expected, and the sale or document number if there is one"
          rows={6}
          maxLength={5000}
          required
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            The system information below is sent with your message.
          </Text>
          <Button type="submit" loading={form.isSubmitting}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
