import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Textarea } from '@/components/ui/textarea';

describe('Textarea', () => {
  it('with autoGrow, sizes itself to its content and still calls onInput', async () => {
    const onInput = vi.fn();
    const ref = createRef<HTMLTextAreaElement>();
    render(<Textarea aria-label="Answer" autoGrow onInput={onInput} ref={ref} />);
    const textarea = screen.getByRole('textbox', { name: 'Answer' });

    expect(ref.current).toBe(textarea);
    expect(textarea.className).toContain('field-sizing-content');

    await userEvent.type(textarea, 'Hi');
    expect(onInput).toHaveBeenCalled();
    // jsdom has no field-sizing, so the fallback sets an explicit height.
    expect(textarea.style.height).toMatch(/px$/);
  });

  it('without autoGrow, keeps a fixed, resizable height', () => {
    render(<Textarea aria-label="Notes" />);
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea.className).not.toContain('field-sizing-content');
    expect(textarea.style.height).toBe('');
  });
});
