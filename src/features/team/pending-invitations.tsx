import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Text } from '@/components/ui/text';
import { ApiError, apiFailureMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { ConfirmEmail } from './confirm-email';

type Answer = 'accept' | 'decline';

function messageOf(error: unknown): string {
  if (error instanceof Error && !(error instanceof ApiError)) return error.message;
  return apiFailureMessage(error);
}

/**
 * The signed-in person's pending invitations, each with 'Accept' and (when the app manages invitations)
 * 'Decline'. Accepting makes that workspace the active one; the gates then take the person on. A local
 * account that has not proven its email is asked for the mailed code first: invitations are listed only
 * for a proven address.
 */
export function PendingInvitations({ className }: { className?: string }) {
  const { user, emailVerified, invitations, invitationsManagedByApp, acceptInvitation, declineInvitation } =
    useAuth();
  const [busy, setBusy] = useState<{ id: string; answer: Answer } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const email = user?.primaryEmailAddress?.emailAddress;
  if (!emailVerified && email) return <ConfirmEmail email={email} className={className} />;
  if (invitations.length === 0) return null;

  const answer = async (id: string, kind: Answer) => {
    setBusy({ id, answer: kind });
    setError(null);
    try {
      await (kind === 'accept' ? acceptInvitation(id) : declineInvitation(id));
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Invitations" className={cn('grid w-full gap-3', className)}>
      {invitations.map((invitation) => (
        <Card
          key={invitation.id}
          size="sm"
          className="flex flex-wrap items-center justify-between gap-3 text-left"
        >
          <Text size="sm">You have been invited to join {invitation.workspace.name}</Text>
          <div className="flex gap-2">
            {invitationsManagedByApp ? (
              <Button
                variant="secondary"
                size="sm"
                loading={busy?.id === invitation.id && busy.answer === 'decline'}
                disabled={busy !== null}
                onClick={() => void answer(invitation.id, 'decline')}
              >
                Decline
              </Button>
            ) : null}
            <Button
              size="sm"
              loading={busy?.id === invitation.id && busy.answer === 'accept'}
              disabled={busy !== null}
              onClick={() => void answer(invitation.id, 'accept')}
            >
              Accept
            </Button>
          </div>
        </Card>
      ))}
      <FieldError>{error}</FieldError>
    </section>
  );
}
