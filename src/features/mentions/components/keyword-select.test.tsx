import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALL_KEYWORDS } from '../mentions-search';
import { KeywordSelect } from './keyword-select';

function renderSelect(keywords: string[] | null, value: string | undefined) {
  const onChange = vi.fn();
  render(<KeywordSelect keywords={keywords} value={value} onChange={onChange} />);
  return { onChange, select: screen.getByRole<HTMLSelectElement>('combobox', { name: 'Keyword' }) };
}

const shownChoice = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent;
const listedChoices = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

describe('Keyword dropdown', () => {
  it("shows 'Today's all keywords' by default, then lists the keywords of the date", () => {
    const { select } = renderSelect(['crm', 'leads'], undefined);
    expect(shownChoice(select)).toBe("Today's all keywords");
    expect(listedChoices(select)).toEqual(["Today's all keywords", 'crm', 'leads']);
  });

  it('shows the chosen keyword while the keywords of the date load', () => {
    const { select } = renderSelect(null, 'crm');
    expect(shownChoice(select)).toBe('crm');
  });

  it("gives the chosen keyword, and 'all' for 'Today's all keywords'", async () => {
    const { select, onChange } = renderSelect(['crm', 'leads'], 'crm');
    await userEvent.selectOptions(select, 'leads');
    expect(onChange).toHaveBeenLastCalledWith('leads');
    await userEvent.selectOptions(select, "Today's all keywords");
    expect(onChange).toHaveBeenLastCalledWith(ALL_KEYWORDS);
  });
});
