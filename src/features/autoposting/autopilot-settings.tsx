import type { AutopostingStatus } from '@contract/entities';
import { autopilotPacingLimits } from '@contract/forms';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldControlProps } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Text } from '@/components/ui/text';
import type { Autoposting } from './use-autoposting';
import { Problem, StepActions } from './wizard-steps';

type PacingField = 'dailyCap' | 'minGapMinutes';

/** The pacing fields as a person reads them; errors name the field by its label. */
export const pacingLabels: Record<PacingField, string> = {
  dailyCap: 'Replies a day per network',
  minGapMinutes: 'Minutes between replies',
};

/** Why a pacing value is refused, naming the field; undefined when it is a whole number in range. */
export function pacingProblem(field: PacingField, text: string): string | undefined {
  const { min, max } = autopilotPacingLimits[field];
  const label = pacingLabels[field];
  if (text.trim() === '') return `${label} is required`;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    return `${label} must be a whole number from ${min} to ${max}`;
  return undefined;
}

/** The field a server error names ('dailyCap', or 'body.dailyCap'), when it is a pacing field. */
function pacingFieldOf(field: string | undefined): PacingField | null {
  const name = field?.replace(/^body\./, '');
  return name === 'dailyCap' || name === 'minGapMinutes' ? name : null;
}

/** Networks where publishing stopped, each with the reason, and 'Recheck' to verify the logins again. */
export function StoppedNetworks({
  stopped,
  nameOf,
  onRecheck,
  rechecking,
  disabled,
}: {
  stopped: Record<string, string>;
  nameOf: (slug: string) => string;
  onRecheck: () => void;
  rechecking: boolean;
  disabled: boolean;
}) {
  const entries = Object.entries(stopped);
  if (entries.length === 0) return null;
  return (
    <section aria-label="Stopped networks" className="grid gap-2 rounded-md border border-border p-3">
      <Text size="sm" className="font-medium">
        Publishing stopped on:
      </Text>
      <ul className="grid gap-1 text-sm">
        {entries.map(([slug, reason]) => (
          <li key={slug} className="break-words">
            <span className="font-medium">{nameOf(slug)}</span>: {reason}
          </li>
        ))}
      </ul>
      <Text size="xs" tone="muted">
        Fix it in the automation browser (log in again, solve the captcha), then click Recheck. No approval is
        lost meanwhile.
      </Text>
      <Button size="sm" className="w-fit" onClick={onRecheck} loading={rechecking} disabled={disabled}>
        Recheck
      </Button>
    </section>
  );
}

/**
 * Autopilot once set up: the project's pause switch, the networks where publishing stopped (with
 * 'Recheck'), and the workspace's pacing, which admins change and others read.
 */
export function AutopilotSettings({
  status,
  autoposting,
  isAdmin,
  nameOf,
  offline,
}: {
  status: AutopostingStatus;
  autoposting: Autoposting;
  isAdmin: boolean;
  nameOf: (slug: string) => string;
  offline: boolean;
}) {
  const id = useId();
  const { busy, failure } = autoposting;
  const [pacing, setPacing] = useState<Record<PacingField, string>>({
    dailyCap: String(status.dailyCap ?? ''),
    minGapMinutes: String(status.minGapMinutes ?? ''),
  });
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState(false);

  const settingsFailure = failure?.action === 'settings' ? failure : null;
  const serverField = pacingFieldOf(settingsFailure?.field);
  const errorOf = (field: PacingField) =>
    (touched ? pacingProblem(field, pacing[field]) : undefined) ??
    (serverField === field ? settingsFailure?.message : undefined);

  const change = (field: PacingField, value: string) => {
    setPacing((current) => ({ ...current, [field]: value }));
    setTouched(true);
    setSaved(false);
    if (settingsFailure) autoposting.clearFailure();
  };

  const savePacing = async () => {
    setTouched(true);
    if (pacingProblem('dailyCap', pacing.dailyCap) || pacingProblem('minGapMinutes', pacing.minGapMinutes))
      return;
    const next = await autoposting.updateSettings({
      dailyCap: Number(pacing.dailyCap),
      minGapMinutes: Number(pacing.minGapMinutes),
    });
    if (next) setSaved(true);
  };

  const pauseId = `${id}-pause`;
  const saving = busy === 'settings';
  return (
    <div className="grid gap-4">
      <Problem>{status.problem}</Problem>
      <Text size="sm">Autopilot publishes the replies you approve, one at a time, paced per network.</Text>

      <div className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <Checkbox
            id={pauseId}
            role="switch"
            aria-describedby={`${pauseId}-description`}
            checked={status.paused === true}
            disabled={saving || offline}
            onCheckedChange={(paused) => {
              void autoposting.updateSettings({ paused });
            }}
          />
          <Label htmlFor={pauseId}>Pause Autopilot</Label>
        </div>
        <Text id={`${pauseId}-description`} size="xs" tone="muted">
          {status.paused
            ? 'Paused: nothing is published. Approved replies wait until you switch it back on.'
            : 'While paused, nothing is published and approved replies wait.'}
        </Text>
      </div>

      <StoppedNetworks
        stopped={status.stopped ?? {}}
        nameOf={nameOf}
        onRecheck={() => void autoposting.recheckSocials()}
        rechecking={busy === 'recheck'}
        disabled={offline || busy !== null}
      />

      {isAdmin ? (
        <form
          noValidate
          className="grid gap-3"
          aria-labelledby={`${id}-pacing`}
          onSubmit={(event) => {
            event.preventDefault();
            void savePacing();
          }}
        >
          <Text id={`${id}-pacing`} size="sm" className="font-medium">
            Pacing for the whole workspace
          </Text>
          {(['dailyCap', 'minGapMinutes'] as const).map((field) => {
            const controlId = `${id}-${field}`;
            const error = errorOf(field);
            return (
              <Field key={field} label={pacingLabels[field]} htmlFor={controlId} error={error}>
                <Input
                  {...fieldControlProps(controlId, { error })}
                  type="number"
                  inputMode="numeric"
                  min={autopilotPacingLimits[field].min}
                  max={autopilotPacingLimits[field].max}
                  step={1}
                  disabled={saving}
                  value={pacing[field]}
                  onChange={(event) => change(field, event.target.value)}
                />
              </Field>
            );
          })}
          {saved ? (
            <p role="status" className="text-sm text-success-strong">
              Pacing saved.
            </p>
          ) : null}
          <StepActions>
            <Button type="submit" variant="secondary" loading={saving} disabled={offline}>
              Save pacing
            </Button>
          </StepActions>
        </form>
      ) : (
        <Text size="sm" tone="muted">
          At most {status.dailyCap ?? '–'} replies a day per network, at least {status.minGapMinutes ?? '–'}{' '}
          minutes apart. An admin of the workspace can change this.
        </Text>
      )}

      <FieldError>{settingsFailure && !serverField ? settingsFailure.message : null}</FieldError>
      {failure && failure.action !== 'settings' ? <FieldError>{failure.message}</FieldError> : null}
    </div>
  );
}
