import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, fieldControlProps } from '@/components/ui/field';
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
