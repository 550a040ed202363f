import type { ReactNode } from 'react';
import { Button } from '@mantine/core';

/** The main button of a form: full width, and busy while the form is submitting. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="md" fullWidth loading={loading}>
      {children}
    </Button>
  );
}
