import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { createContactBodySchema, type Contact, type ContactDuplicate, type ContactKind } from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormColumns } from '../../../components/form/form-columns';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreateContact, useUpdateContact } from '../api/contacts';
import { pathTo } from '../../../lib/route-paths';

export const contactPath = (c: { id: string; kind: ContactKind }) =>
  c.kind === 'customer'
    ? pathTo('dashboard.contact.customer/:id', { id: c.id })
    : pathTo('dashboard.contact.vendor/:id', { id: c.id });

const kindWords: Record<ContactKind, string> = { customer: 'customer', vendor: 'vendor' };

type Values = {
  kind: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  taxId: string;
  notes: string;
};

const valuesOf = (contact: Contact | null, kind: ContactKind): Values => ({
  kind: contact?.kind ?? kind,
  name: contact?.name ?? '',
  phone: contact?.phone ?? '',
  email: contact?.email ?? '',
  address: contact?.address ?? '',
  taxId: contact?.taxId ?? '',
  notes: contact?.notes ?? '',
});

/**
 * Create or edit a customer or vendor, checked with the contract's schema before sending and with
 * the API's field errors put back in place. The same phone or email as another contact is a warning
 * naming them: open that contact, or save anyway. An edit sends the version it was opened with.
 */
export function ContactFormDialog({
  opened,
  onClose,
  contact,
  kind = 'customer',
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** The contact to edit; null to create one. */
  contact: Contact | null;
  /** The kind a new contact starts as. */
  kind?: ContactKind;
  onSaved?: (contact: Contact) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? `Edit ${contact.name}` : `New ${kindWords[kind]}`}
      size="lg"
    >
      {/* Keyed so each opening starts from the contact as it is now. */}
      {opened ? (
        <ContactForm
          key={contact ? `${contact.id}:${contact.version}` : kind}
          contact={contact}
          kind={kind}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function ContactForm({
  contact,
  kind,
  onClose,
  onSaved,
}: {
  contact: Contact | null;
  kind: ContactKind;
  onClose: () => void;
  onSaved: ((contact: Contact) => void) | undefined;
}) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const [duplicates, setDuplicates] = useState<ContactDuplicate[] | null>(null);
  const form = useZodForm({
    schema: createContactBodySchema,
    initialValues: valuesOf(contact, kind),
  });

  const save = async (allowDuplicate: boolean) => {
    const v = form.values;
    const fields = {
      name: v.name,
      phone: v.phone,
      email: v.email,
      address: v.address,
      taxId: v.taxId,
      notes: v.notes,
      allowDuplicate,
    };
    try {
      const saved = contact
        ? await update.mutateAsync({ id: contact.id, body: { ...fields, version: contact.version } })
        : await create.mutateAsync({ ...fields, kind: v.kind as ContactKind });
      toast.show({
        type: 'success',
        title: contact ? 'Contact saved' : 'Contact added',
        message: contact ? `${saved.name} is up to date.` : `${saved.name} is in your contacts.`,
      });
      setDuplicates(null);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'CONTACT_DUPLICATE') {
        setDuplicates((error.problem?.duplicates as ContactDuplicate[] | undefined) ?? []);
        return;
      }
      form.reportApiError(error, contact ? 'Could not save the contact' : 'Could not add the contact');
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <form onSubmit={form.onSubmit(() => save(false))} noValidate>
      <Stack gap="sm">
        {contact ? null : (
          <Radio.Group
            label="This contact is a"
            value={form.values.kind}
            onChange={(value) => form.setValue('kind', value)}
          >
            <Group gap="lg" mt={4}>
              <Radio value="customer" label="Customer" />
              <Radio value="vendor" label="Vendor" />
            </Group>
          </Radio.Group>
        )}
        <TextInput label="Name" required data-autofocus {...form.field('name')} />
        <FormColumns>
          <TextInput label="Phone" type="tel" placeholder="0803 123 4567" {...form.field('phone')} />
          <TextInput label="Email" type="email" {...form.field('email')} />
        </FormColumns>
        <Textarea label="Address" rows={2} {...form.field('address')} />
        <TextInput label="Tax id (TIN)" {...form.field('taxId')} />
        <Textarea label="Notes" rows={2} {...form.field('notes')} />
        {duplicates ? (
          <Alert color="yellow" variant="light" title="This may be someone you already have" role="alert">
            <Stack gap="xs">
              <List size="sm" spacing={4}>
                {duplicates.map((d) => (
                  <List.Item key={d.id}>
                    <strong>{d.name}</strong> has the same {d.matches.join(' and ')}
                    {d.phone ? ` (${d.phone})` : ''}{' '}
                    <Anchor component={Link} to={contactPath(d)} size="sm" onClick={onClose}>
                      Open the existing contact
                    </Anchor>
                  </List.Item>
                ))}
              </List>
              <Group>
                <Button size="xs" variant="default" onClick={() => void save(true)} loading={busy}>
                  Save anyway
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {contact ? 'Save' : `Add ${kindWords[form.values.kind as ContactKind] ?? 'contact'}`}
          </Button>
        </Group>
        {contact ? null : (
          <Text size="xs" c="dimmed">
            Only the name is required.
          </Text>
        )}
      </Stack>
    </form>
  );
}
