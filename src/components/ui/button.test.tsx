import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';

describe('Button', () => {
  it('while loading, is disabled, announces busy and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });

    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('[data-slot="loader"]')).not.toBeNull();

    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('when not loading, is enabled, not busy and shows no spinner', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });

    expect(button).toHaveProperty('disabled', false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.querySelector('[data-slot="loader"]')).toBeNull();

    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('the delete variant uses the orange-red delete colour', () => {
    render(<Button variant="delete">Delete project</Button>);
    const button = screen.getByRole('button', { name: 'Delete project' });

    expect(button.className).toContain('bg-delete');
    expect(button.className).not.toContain('bg-primary');
    expect(button.dataset.variant).toBe('delete');
  });

  it('the link shape looks like an underlined link without a filled background', () => {
    render(
      <Button shape="link" variant="delete">
        Remove
      </Button>,
    );
    const { className } = screen.getByRole('button', { name: 'Remove' });

    expect(className).toContain('underline');
    expect(className).toContain('text-delete');
    expect(className).not.toMatch(/(^| )bg-/);
  });

  it('asChild renders the child element with the button look', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/projects">Projects</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Projects' });

    expect(link.getAttribute('href')).toBe('/projects');
    expect(link.className).toContain('bg-secondary');
  });

  it('asChild while loading keeps the child element and puts the spinner inside it', () => {
    render(
      <Button asChild loading>
        <a href="/billing">Billing</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Billing' });

    expect(link.getAttribute('aria-busy')).toBe('true');
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.querySelector('[data-slot="loader"]')).not.toBeNull();
  });
});
