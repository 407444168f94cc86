import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KeywordFilterDialog } from './keyword-filter-dialog';

function renderDialog(filter: string | null = null) {
  const onUpdate = vi.fn();
  const onClose = vi.fn();
  render(<KeywordFilterDialog keyword={{ name: 'crm', filter }} onUpdate={onUpdate} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Manage keyword filter' });
  const filterBox = within(dialog).getByRole('textbox', { name: 'Filter' }) as HTMLTextAreaElement;
  return { dialog, filterBox, onUpdate, onClose, user: userEvent.setup() };
}

describe("'Manage keyword filter'", () => {
  it('lists the filter syntax under the Filter field', () => {
    const { filterBox } = renderDialog();
    const help = document.getElementById(filterBox.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('"late invoice"this exact phrase');
    for (const example of ['-hiring', 'agency OR freelancer', 'site:reddit.com', 'author:name'])
      expect(help?.textContent).toContain(example);
  });

  it('shows where a bad filter goes wrong on Update and stays open', async () => {
    const { dialog, filterBox, onUpdate, onClose, user } = renderDialog();
    await user.type(filterBox, 'small "teams');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Unclosed quote at position 6')).toBeTruthy();
    expect(filterBox.getAttribute('aria-invalid')).toBe('true');
    expect(onUpdate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Manage keyword filter' })).toBeTruthy();

    await user.type(filterBox, '"');
    await waitFor(() => expect(within(dialog).queryByText(/position/)).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith({ name: 'crm', filter: 'small "teams"' }));
  });

  it('shows the error for a filter that was already bad once Update is pressed', async () => {
    const { dialog, onUpdate, user } = renderDialog('agency OR');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(
      await within(dialog).findByText('OR needs a word or phrase on each side at position 7'),
    ).toBeTruthy();
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
