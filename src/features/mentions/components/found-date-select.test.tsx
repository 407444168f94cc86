import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FoundDateSelect } from './found-date-select';

const dates = ['2025-03-05', '2025-03-04'];

function renderSelect(value: string | undefined) {
  const onChange = vi.fn();
  render(<FoundDateSelect dates={dates} value={value} onChange={onChange} />);
  return { onChange, select: screen.getByRole<HTMLSelectElement>('combobox', { name: 'Date' }) };
}

const shownChoice = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent;
const listedChoices = (select: HTMLSelectElement) =>
  [...select.options].filter((option) => !option.hidden).map((option) => option.textContent);

describe('Date dropdown', () => {
  it('shows the chosen found date formatted like "5 Mar 2025" and lists the dates newest first', () => {
    const { select } = renderSelect('2025-03-04');
    expect(shownChoice(select)).toBe('4 Mar 2025');
    expect(listedChoices(select)).toEqual(['5 Mar 2025', '4 Mar 2025']);
  });

  it("shows 'Date', not a date, while none is chosen", () => {
    const { select } = renderSelect(undefined);
    expect(shownChoice(select)).toBe('Date');
    // 'Date' is a placeholder, not a choice.
    expect(listedChoices(select)).toEqual(['5 Mar 2025', '4 Mar 2025']);
  });

  it('shows a chosen date that is not among the found dates rather than another one', () => {
    const { select } = renderSelect('2025-02-28');
    expect(shownChoice(select)).toBe('28 Feb 2025');
  });

  it('gives the chosen date', async () => {
    const { select, onChange } = renderSelect('2025-03-05');
    await userEvent.selectOptions(select, '4 Mar 2025');
    expect(onChange).toHaveBeenCalledWith('2025-03-04');
  });
});
