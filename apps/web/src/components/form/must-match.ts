/**
 * useZodForm's `validate` for a secret typed twice (a new password, a new PIN): when the confirmation
 * differs from the first entry, `message` shows on the confirmation field.
 */
export function mustMatch<F extends string, C extends string>(field: F, confirmField: C, message: string) {
  return (values: Record<F | C, string>): Partial<Record<C, string>> =>
    values[confirmField] === values[field] ? {} : ({ [confirmField]: message } as Partial<Record<C, string>>);
}
