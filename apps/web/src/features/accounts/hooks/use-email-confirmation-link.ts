import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONFIRM_EMAIL_QUERY } from '@ipos/contracts';
import { describeApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useConfirmEmailChange } from '../api/profile';

/**
 * The profile page the link mailed for an email change lands on (`?confirm-email=<token>`, decision 0016): the
 * token is spent once, then taken out of the address bar so a reload or a shared screen does not
 * carry it. What went wrong stays on the page, beside the email.
 */
export function useEmailConfirmationLink() {
  const [search, setSearch] = useSearchParams();
  const token = search.get(CONFIRM_EMAIL_QUERY);
  const confirm = useConfirmEmailChange();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONFIRM_EMAIL_QUERY);
        return next;
      },
      { replace: true },
    );
    confirm.mutate(token, {
      onSuccess: (profile) =>
        toast.show({ type: 'success', title: 'Email confirmed', message: `You now sign in with ${profile.email}.` }),
      onError: (error) =>
        setFailure(
          isApiError(error) && error.code === 'EMAIL_CHANGE_INVALID'
            ? 'This confirmation link has expired, was cancelled or was already used. Your email has not changed; start the change again if you still want it.'
            : describeApiError(error),
        ),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [token]);

  return { isConfirming: confirm.isPending, failure, dismiss: () => setFailure(null) };
}
