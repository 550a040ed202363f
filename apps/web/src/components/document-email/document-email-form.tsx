import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { documentEmailBodySchema, type DocumentEmailBody } from '@ipos/contracts';
import { describeApiError, toast } from '../toast';
import { isApiError } from '../../lib/api-client';

type Field = 'to' | 'message';

/**
 * Mailing a document's PDF (a purchase order to its vendor, an invoice to its customer): the
 * contact's address prefilled, an optional message, the contract's checks before sending and the
 * API's answer in place (a field error on its field, a refusal above the buttons).
 */
export function DocumentEmailForm({
  label,
  defaultTo,
  toDescription,
  messageDescription,
  missingTo,
  sending,
  send,
  sentMessage,
  onClose,
}: {
  /** The form's accessible name ("Send to vendor", "Email invoice"). */
  label: string;
  defaultTo: string | null;
  toDescription?: string;
  messageDescription?: string;
  /** Said when the address is left empty. */
  missingTo: string;
  sending: boolean;
  send: (body: DocumentEmailBody) => Promise<{ to: string }>;
  /** The success toast, given the address it went to. */
  sentMessage: (to: string) => string;
  onClose: () => void;
}) {
  const [to, setTo] = useState(defaultTo ?? '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    const body: DocumentEmailBody = {
      ...(to.trim() ? { to: to.trim() } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    };
    const parsed = documentEmailBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    if (!parsed.data.to) return setErrors({ to: missingTo });
    try {
      // As the contract reads it: trimmed, the address in lower case.
      const sent = await send(parsed.data);
      toast.show({ type: 'success', message: sentMessage(sent.to) });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return setFormError(describeApiError(error));
      const found: Partial<Record<Field, string>> = {};
      for (const f of error.fieldErrors) {
        const path = f.field.replace(/^body\./, '');
        if (path === 'to' || path === 'message') found[path] ??= f.message;
      }
      setErrors(found);
      if (Object.keys(found).length === 0)
        setFormError(error.status === 409 || error.status === 422 ? error.message : describeApiError(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack gap="md">
        <TextInput
          label="To"
          type="email"
          required
          data-autofocus
          description={toDescription}
          value={to}
          error={errors.to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setErrors((current) => ({ ...current, to: undefined }));
          }}
        />
        <Textarea
          label="Message"
          description={messageDescription}
          rows={3}
          maxLength={1000}
          value={message}
          error={errors.message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
