import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';

describe('NativeSelect', () => {
  it('is a browser select named by its label, showing the chosen option, with a decorative chevron', async () => {
    const onChange = vi.fn();
    render(
      <NativeSelect aria-label="Fruit" className="w-44" defaultValue="pear" onChange={onChange}>
        <NativeSelectOption value="apple">Apple</NativeSelectOption>
        <NativeSelectOption value="pear">Pear</NativeSelectOption>
      </NativeSelect>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Fruit' });
    expect(select.tagName).toBe('SELECT');
    expect(select.selectedOptions[0]?.textContent).toBe('Pear');
    expect(select.className).toContain('w-44');
    // The chevron is drawn over the select: hidden from screen readers, and clicks go through it.
    const chevron = select.parentElement?.querySelector('svg');
    expect(chevron?.getAttribute('aria-hidden')).toBe('true');
    expect(chevron?.getAttribute('class')).toContain('pointer-events-none');

    await userEvent.selectOptions(select, 'Apple');
    expect(onChange).toHaveBeenCalledOnce();
    expect(select.selectedOptions[0]?.textContent).toBe('Apple');
  });
});
