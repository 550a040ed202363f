import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { showApiError } from '../toast';

type Values = Record<string, string>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** What `form.field(name)` hands a Mantine input. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

export interface ZodFormOptions<V extends Values, S extends z.ZodType> {
  /** The contract's schema: what the API will accept, checked before anything is sent. */
  schema: S;
  initialValues: V;
  /** Builds the schema's input from the field values (e.g. drops a confirmation field). */
  toInput?: (values: V) => unknown;
  /** Extra rules the schema cannot hold, such as "the two passwords match". */
  validate?: (values: V) => FieldErrors<V>;
}

function checkValues<V extends Values, S extends z.ZodType>(
  { schema, toInput, validate }: Pick<ZodFormOptions<V, S>, 'schema' | 'toInput' | 'validate'>,
  values: V,
): { errors: FieldErrors<V>; data?: z.output<S> } {
  const found: FieldErrors<V> = {};
  const parsed = schema.safeParse(toInput ? toInput(values) : values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof V & string;
      if (field in values && !found[field]) found[field] = issue.message;
    }
  }
  for (const [field, message] of Object.entries(validate?.(values) ?? {}) as [keyof V & string, string][]) {
    if (message && !found[field]) found[field] = message;
  }
  const ok = parsed.success && Object.keys(found).length === 0;
  return { errors: found, data: ok ? (parsed.data as z.output<S>) : undefined };
}

/**
 * Form state validated with a contract's zod schema (the same schema the API validates with), and
 * the API's own field errors put back on their fields. Errors appear after the first submit and then
 * follow every change, so a person is not scolded while still typing; an API error on a field goes
 * as soon as that field changes.
 */
export function useZodForm<V extends Values, S extends z.ZodType>(options: ZodFormOptions<V, S>) {
  const [values, setValues] = useState<V>(options.initialValues);
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // The submitted form, so focus can move to the first field in error (only used in handlers).
  const formElement = useRef<HTMLFormElement | null>(null);

  const errors: FieldErrors<V> = submitted ? { ...serverErrors, ...checkValues(options, values).errors } : serverErrors;

  const setValue = (field: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const focusFirstError = (fieldErrors: FieldErrors<V>) => {
    const first = Object.keys(options.initialValues).find((field) => fieldErrors[field as keyof V & string]);
    const form = formElement.current;
    if (!first || !form) return;
    // After the error text renders, so a screen reader reads it with the field.
    requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  /**
   * Puts the API's field errors (VALIDATION_FAILED, EMAIL_TAKEN…) on the fields they name, with an
   * optional wording per field. Returns false when none of them is a field of this form.
   */
  const setApiErrors = (error: unknown, wording: FieldErrors<V> = {}): boolean => {
    if (!isApiError(error)) return false;
    const found: FieldErrors<V> = {};
    for (const { field, message } of error.fieldErrors) {
      const name = field.replace(/^body\./, '') as keyof V & string;
      if (name in options.initialValues) found[name] = wording[name] ?? message;
    }
    if (Object.keys(found).length === 0) return false;
    setServerErrors(found);
    focusFirstError(found);
    return true;
  };

  /**
   * The usual end of a failed submit: the API's field errors on their fields (see setApiErrors),
   * anything else as an error toast titled `title` ("Could not …").
   */
  const reportApiError = (error: unknown, title: string, wording?: FieldErrors<V>) => {
    if (!setApiErrors(error, wording)) showApiError(error, title);
  };

  const onSubmit =
    (handler: (data: z.output<S>, values: V) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formElement.current = event.currentTarget;
      if (isSubmitting) return;
      setSubmitted(true);
      setServerErrors({});
      const result = checkValues(options, values);
      if (result.data === undefined) {
        focusFirstError(result.errors);
        return;
      }
      setSubmitting(true);
      try {
        await handler(result.data, values);
      } finally {
        setSubmitting(false);
      }
    };

  /** Props for a Mantine input bound to one field. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setValue(name, event.currentTarget.value),
  });

  /**
   * Optional: `<form ref={form.formRef}>` lets focus move to the first field in error even for API
   * errors that arrive before any submit of this form (a callback, not a ref object).
   */
  const formRef = (element: HTMLFormElement | null) => {
    formElement.current = element;
  };

  return { values, errors, setValue, setApiErrors, reportApiError, onSubmit, field, isSubmitting, formRef };
}
