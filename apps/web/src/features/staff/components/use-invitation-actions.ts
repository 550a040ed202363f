import { useState } from 'react';
import type { StaffInvitation } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDate } from '../../../lib/format';
import { useResendStaffInvitation, useWithdrawStaffInvitation } from '../api/staff';

/**
 * A re-send or withdrawal that found the invitation changed: someone else answered, withdrew or re-sent
 * it meanwhile. The list is read again either way (every staff change invalidates it); this says why.
 */
function reportInvitationError(error: unknown, invitation: StaffInvitation, title: string) {
  if (isApiError(error) && error.code === 'VERSION_CONFLICT')
    return toast.show({
      type: 'warning',
      title,
      message: `Someone else changed the invitation to ${invitation.email} meanwhile; the list now shows it as it is.`,
    });
  if (isApiError(error) && error.code === 'INVITATION_INVALID')
    return toast.show({
      type: 'warning',
      title,
      message: `The invitation to ${invitation.email} was already answered or withdrawn; the list now shows it as it is.`,
    });
  return showApiError(error, title);
}

/**
 * Re-send and withdraw for the invitation list: each says what happened in a toast; the invitation
 * being withdrawn is held for its confirmation until the answer comes.
 */
export function useInvitationActions() {
  const resend = useResendStaffInvitation();
  const timeZone = useDisplayTimeZone();
  const withdraw = useWithdrawStaffInvitation();
  const [withdrawing, setWithdrawing] = useState<StaffInvitation | null>(null);

  const resendOne = (invitation: StaffInvitation) =>
    resend.mutate(
      { invitationId: invitation.id, version: invitation.version },
      {
        onSuccess: (sent) =>
          toast.show({
            type: 'success',
            message: `The invitation went to ${sent.email} again; it lasts until ${formatDate(sent.expiresAt, timeZone)}.`,
          }),
        onError: (error) => reportInvitationError(error, invitation, 'Could not re-send the invitation'),
      },
    );
  const withdrawOne = (invitation: StaffInvitation) =>
    withdraw.mutate(
      { invitationId: invitation.id, version: invitation.version },
      {
        onSuccess: () =>
          toast.show({ type: 'success', message: `The invitation to ${invitation.email} is withdrawn.` }),
        onError: (error) => reportInvitationError(error, invitation, 'Could not withdraw the invitation'),
        onSettled: () => setWithdrawing(null),
      },
    );

  return { resend, resendOne, withdraw, withdrawOne, withdrawing, setWithdrawing };
}
