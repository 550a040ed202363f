import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@ipos/contracts';
import { FormCard } from '../../../components/layout/form-card';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { toast } from '../../../components/toast';
import { meQueryKey, meQueryOptions } from '../../../features/accounts/api/get-me';
import { RequireSignIn } from '../../../features/identity/components/require-sign-in';
import { resolveReturnTo } from '../../../features/identity/session';
import { removeStored, storageKeys } from '../../../lib/storage';
import { forcedFlowPath } from '../../session-bootstrap';

export interface ForcedStepProps {
  title: string;
  description: string;
  /** The account has done this step already (typed URL, another tab): the screen moves on by itself. */
  isDone: (me: Me) => boolean;
  /**
   * The last of the forced steps: the stored redirect path goes even when an earlier step still has
   * to follow. Otherwise it is kept until no forced step is left.
   */
  isLast?: boolean;
  /** The step's form; `complete` takes what the step changed on the account and the success message. */
  children: (complete: (changes: Partial<Me>, message: string) => void) => ReactNode;
}

/**
 * A screen of the forced flows right after sign-in (replace the default password, create a PIN):
 * once done, on to the next forced step, else to the return path.
 */
export function ForcedStep(props: ForcedStepProps) {
  return (
    <RequireSignIn>
      <ForcedStepScreen {...props} />
    </RequireSignIn>
  );
}

function ForcedStepScreen({ title, description, isDone, isLast = false, children }: ForcedStepProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = resolveReturnTo(search);
  const me = useQuery(meQueryOptions());

  const goOn = (account: Me | undefined) => {
    const next = account ? forcedFlowPath(account, returnTo) : null;
    if (isLast || !next) removeStored(storageKeys.redirectPath);
    void navigate(next ?? returnTo, { replace: true });
  };

  const alreadyDone = me.data !== undefined && isDone(me.data);
  useEffect(() => {
    if (alreadyDone) goOn(me.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the account turns out to be done
  }, [alreadyDone]);

  if (alreadyDone) return <FullPageLoader />;

  const complete = (changes: Partial<Me>, message: string) => {
    const updated = queryClient.setQueryData<Me>(meQueryKey, (old) => (old ? { ...old, ...changes } : old));
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    toast.show({ type: 'success', message });
    goOn(updated);
  };

  return (
    <FormCard title={title} description={description}>
      {children(complete)}
    </FormCard>
  );
}
