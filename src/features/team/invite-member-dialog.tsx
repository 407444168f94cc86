import { fieldMessages } from '@contract/messages';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiFailureMessage } from '@/lib/api-client';
import { toWorkspaceRole, useAuth, type WorkspaceRole } from '@/lib/auth';

const emailSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, fieldMessages.required)),
  z.email(fieldMessages.invalidEmail),
);

type Outcome = { kind: 'sent'; email: string } | { kind: 'failed'; message: string } | null;

/** An admin invites a person to the active workspace by email, as a member or an admin. */
export function InviteMemberDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const { activeWorkspace, inviteMember } = useAuth();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('org:member');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      await inviteMember(parsed.data, role);
      setOutcome({ kind: 'sent', email: parsed.data });
      setEmail('');
    } catch (error) {
      setOutcome({
        kind: 'failed',
        message: apiFailureMessage(error),
      });
    } finally {
      setSending(false);
    }
  };

  const emailId = `${id}-email`;
  const roleId = `${id}-role`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setOutcome(null);
          setEmailError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite member</DialogTitle>
          <DialogDescription>
            They join {activeWorkspace?.name ?? 'this workspace'} once they accept, after signing in with this
            email.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Field label="Email" htmlFor={emailId} error={emailError}>
            <Input
              {...fieldControlProps(emailId, { error: emailError })}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              disabled={sending}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(undefined);
              }}
            />
          </Field>
          <div className="grid gap-1.5">
            <Label htmlFor={roleId}>Role</Label>
            <Select
              value={role}
              onValueChange={(value) => setRole(toWorkspaceRole(value))}
              disabled={sending}
            >
              <SelectTrigger id={roleId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="org:member">Member</SelectItem>
                <SelectItem value="org:admin">Admin</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {outcome?.kind === 'sent' ? (
            <p role="status" className="text-sm text-success-strong">
              Invitation sent to {outcome.email}
            </p>
          ) : null}
          <FieldError>{outcome?.kind === 'failed' ? outcome.message : null}</FieldError>
          <DialogFooter>
            <Button type="submit" loading={sending}>
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
