import { useEffect, useRef, useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { RegisterBody } from '@ipos/contracts';
import { FormCard } from '../../../components/layout/form-card';
import { CheckEmail } from '../../../features/onboarding/components/check-email';
import { SignUpForm } from '../../../features/onboarding/components/sign-up-form';

const STEP_QUERY = 'step';
const CHECK_EMAIL = 'check-email';

/**
 * `/onboarding/sign-up` (Register): the form, then "check your email" while the mailed link finishes
 * the sign-up (`/onboarding/verify-email`). The second step is a history entry of its own, so the
 * browser's Back returns to the form; the form stays mounted (hidden), keeping what was typed.
 */
export function SignUpRoute() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [sent, setSent] = useState<RegisterBody | null>(null);
  // A reload loses the form: the step in the address alone shows the form again.
  const checking = sent !== null && search.get(STEP_QUERY) === CHECK_EMAIL;
  const formArea = useRef<HTMLDivElement>(null);
  const wasChecking = useRef(false);

  // Back from "check your email": focus returns to the form, on the address the link went to.
  useEffect(() => {
    if (wasChecking.current && !checking) formArea.current?.querySelector<HTMLElement>('input[name="email"]')?.focus();
    wasChecking.current = checking;
  }, [checking]);

  const onSent = (body: RegisterBody) => {
    setSent(body);
    setSearch({ [STEP_QUERY]: CHECK_EMAIL });
  };

  return (
    <FormCard
      title={checking ? 'Check your email' : 'Create your iPos account'}
      description={checking ? undefined : 'Set up your business in a minute; you can add stores and staff afterwards.'}
      width={checking ? 480 : 760}
    >
      {checking && <CheckEmail sent={sent} onBack={() => void navigate(-1)} />}
      {/* A plain element: `hidden` must not lose to a layout component's own display. */}
      <div ref={formArea} hidden={checking}>
        <Stack gap="lg">
          <SignUpForm onSent={onSent} />
          <Text size="xs" c="dimmed" ta="center">
            Forgot the password of an existing account?{' '}
            <Anchor component={Link} to="/onboarding/forgot-password" inherit>
              Reset it
            </Anchor>
          </Text>
        </Stack>
      </div>
    </FormCard>
  );
}

export { SignUpRoute as Component };
