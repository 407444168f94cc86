import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, fieldControlProps, shownFieldError } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';

describe('Field', () => {
  it('shows the error in an alert, linked to the control by id', () => {
    const error = 'Name must be at least 3 characters';
    render(
      <Field label="Workspace name" htmlFor="workspace-name" error={error}>
        <Input {...fieldControlProps('workspace-name', { error })} />
      </Field>,
    );

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(error);
    expect(alert.id).toBe('workspace-name-error');

    const input = screen.getByRole('textbox', { name: 'Workspace name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('workspace-name-error');
    expect(input.className).toContain('aria-invalid:border-danger');
  });

  it('without an error, renders no alert and the control is not marked invalid', () => {
    render(
      <Field label="Goal" htmlFor="goal" description="What should a reply lead to?">
        <Input {...fieldControlProps('goal', { description: 'What should a reply lead to?' })} />
      </Field>,
    );

    expect(screen.queryByRole('alert')).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Goal' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.getAttribute('aria-describedby')).toBe('goal-description');
  });
});

describe('FieldError', () => {
  it('renders nothing when empty', () => {
    const { container } = render(<FieldError id="x-error">{''}</FieldError>);
    expect(container.innerHTML).toBe('');
  });

  it('renders small red text', () => {
    render(<FieldError>Required</FieldError>);
    const { className } = screen.getByRole('alert');
    expect(className).toContain('text-sm');
    expect(className).toContain('text-danger');
  });
});

describe('shownFieldError', () => {
  const invalid = { isTouched: false, errors: [{ message: 'Required' }] };

  it('shows no error on a field nobody has touched in a form nobody has sent', () => {
    expect(shownFieldError(invalid, false)).toBeUndefined();
  });

  it("shows the field's own error once it is touched, or once the form was sent", () => {
    expect(shownFieldError({ ...invalid, isTouched: true }, false)).toBe('Required');
    expect(shownFieldError(invalid, true)).toBe('Required');
  });

  it("shows the server's refusal of the field when the field has no error of its own to show", () => {
    expect(shownFieldError(invalid, false, 'That email is taken')).toBe('That email is taken');
    expect(shownFieldError({ isTouched: true, errors: [] }, true, 'That email is taken')).toBe(
      'That email is taken',
    );
    expect(shownFieldError({ ...invalid, isTouched: true }, false, 'That email is taken')).toBe('Required');
  });
});
