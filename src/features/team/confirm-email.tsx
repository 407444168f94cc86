import { emailCodeSchema } from '@contract/auth';
import { type FormEvent, useId, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Text } from '@/components/ui/text';
import { ApiError, apiFailureMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

function messageOf(error: unknown): string {
  if (error instanceof Error && !(error instanceof ApiError)) return error.message;
  return apiFailureMessage(error);
}

/**
 * Invitations match by email, so a local account proves its email before it sees them: the code mailed
 * at sign-up goes here ('Code', 'Confirm'), prefilled when the mail's link brought the person (`?code=`),
 * and 'Send a new code' mails another.
 */
export function ConfirmEmail({ email, className }: { email: string; className?: string }) {
  const { confirmEmail, sendEmailCode } = useAuth();
  const id = useId();
  const controlId = `${id}-code`;
  const fromLink = new URLSearchParams(useSearch()).get('code') ?? '';
  const [code, setCode] = useState(fromLink);
  const [busy, setBusy] = useState<'confirm' | 'send' | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const parsed = emailCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy('confirm');
    setError(undefined);
    try {
      await confirmEmail(parsed.data.code);
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setBusy(null);
    }
  };

  const sendAnother = async () => {
    setBusy('send');
    setError(undefined);
    setSent(false);
    try {
      await sendEmailCode();
      setCode('');
      setSent(true);
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Invitations" className={cn('grid w-full gap-3', className)}>
      <Card size="sm" className="grid gap-3 text-left">
        <Text size="sm">Confirm your email to see invitations sent to {email}.</Text>
        <form noValidate className="grid gap-3" onSubmit={(event) => void confirm(event)}>
          <Field label="Code" htmlFor={controlId} error={error}>
            <Input
              {...fieldControlProps(controlId, { error })}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              disabled={busy !== null}
              onChange={(event) => {
                setCode(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={busy === 'confirm'} disabled={busy !== null}>
              Confirm
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={busy === 'send'}
              disabled={busy !== null}
              onClick={() => void sendAnother()}
            >
              Send a new code
            </Button>
          </div>
        </form>
        {sent ? (
          <p role="status" className="text-sm text-muted-foreground">
            A new code is on its way to {email}.
          </p>
        ) : null}
      </Card>
    </section>
  );
}
