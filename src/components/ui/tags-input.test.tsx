import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TagsInput, type TagsInputProps } from '@/components/ui/tags-input';

function Controlled({ initial = [], ...props }: Partial<TagsInputProps> & { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <TagsInput
      label="Keywords"
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange?.(next);
      }}
    />
  );
}

const tags = () =>
  Array.from(document.querySelectorAll('[data-part="item"]')).map((el) => el.getAttribute('data-value'));
const announced = () => document.getElementById('__live-region__')?.textContent;

describe('TagsInput', () => {
  it('adds the typed tag with Enter and says so to screen readers', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'crm{Enter}');
    await waitFor(() => expect(tags()).toEqual(['crm']));
    await waitFor(() => expect(announced()).toBe('Added tag crm'));
  });

  it('adds a tag with the default delimiter, a comma', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Controlled onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Keywords' });
    await user.type(input, 'crm,');
    await waitFor(() => expect(tags()).toEqual(['crm']));
    expect(onValueChange).toHaveBeenLastCalledWith(['crm']);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('deletes the last tag with Backspace (first highlights it, then deletes)', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={['crm', 'leads']} />);
    await user.click(screen.getByRole('textbox', { name: 'Keywords' }));
    await user.keyboard('{Backspace}{Backspace}');
    await waitFor(() => expect(tags()).toEqual(['crm']));
    // zag follows the deletion with the newly highlighted tag in the same announcement.
    await waitFor(() => expect(announced()).toMatch(/^Tag leads deleted/));
  });

  it('deletes a tag with its delete button, labelled for screen readers', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={['crm', 'leads']} />);
    await user.click(screen.getByRole('button', { name: 'Delete tag crm' }));
    await waitFor(() => expect(tags()).toEqual(['leads']));
  });

  it('refuses a tag past max and reports rangeOverflow', async () => {
    const user = userEvent.setup();
    const onValueInvalid = vi.fn();
    render(<Controlled initial={['a', 'b']} max={2} onValueInvalid={onValueInvalid} />);
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'c{Enter}');
    await waitFor(() => expect(onValueInvalid).toHaveBeenCalledWith('rangeOverflow'));
    expect(tags()).toEqual(['a', 'b']);
  });

  it('with allowOverflow, keeps the extra tag, reports rangeOverflow and marks the control invalid', async () => {
    const user = userEvent.setup();
    const onValueInvalid = vi.fn();
    render(<Controlled initial={['a', 'b']} max={2} allowOverflow onValueInvalid={onValueInvalid} />);
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'c{Enter}');
    await waitFor(() => expect(tags()).toEqual(['a', 'b', 'c']));
    await waitFor(() => expect(onValueInvalid).toHaveBeenCalledWith('rangeOverflow'));
  });

  it('refuses a duplicate and reports invalidTag', async () => {
    const user = userEvent.setup();
    const onValueInvalid = vi.fn();
    render(<Controlled initial={['crm']} onValueInvalid={onValueInvalid} />);
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'crm{Enter}');
    await waitFor(() => expect(onValueInvalid).toHaveBeenCalledWith('invalidTag'));
    expect(tags()).toEqual(['crm']);
  });

  it('does not add tags from pasted text by default', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('textbox', { name: 'Keywords' }));
    await user.paste('crm,leads');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tags()).toEqual([]);
    expect((screen.getByRole('textbox', { name: 'Keywords' }) as HTMLInputElement).value).toBe('crm,leads');
  });

  it('with addOnPaste, adds each pasted tag and says how many', async () => {
    const user = userEvent.setup();
    render(<Controlled addOnPaste />);
    await user.click(screen.getByRole('textbox', { name: 'Keywords' }));
    await user.paste('crm,leads');
    await waitFor(() => expect(tags()).toEqual(['crm', 'leads']));
    await waitFor(() => expect(announced()).toBe('Pasted 2 tags'));
  });

  it('deletes a tag that is emptied while being edited', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={['crm', 'leads']} />);
    await user.dblClick(screen.getByText('crm'));
    const editor = await screen.findByRole('textbox', { name: /Editing tag crm/ });
    await user.clear(editor);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tags()).toEqual(['leads']));
  });

  it('with editable false, a double click does not open the tag for editing', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={['crm']} editable={false} />);
    await user.dblClick(screen.getByText('crm'));
    expect(screen.queryByRole('textbox', { name: /Editing tag/ })).toBeNull();
  });

  it('renders the per-tag action and shows the error under the control', () => {
    render(
      <Controlled
        initial={['crm']}
        error="Max 5 keywords allowed"
        renderTagAction={(tag) => (
          <button type="button" aria-label={`Manage keyword filter for ${tag}`}>
            f
          </button>
        )}
      />,
    );
    expect(screen.getByRole('button', { name: 'Manage keyword filter for crm' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Max 5 keywords allowed');
    const input = screen.getByRole('textbox', { name: 'Keywords' });
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('disabled: no typing, no delete buttons', () => {
    render(<Controlled initial={['crm']} disabled />);
    expect((screen.getByRole('textbox', { name: 'Keywords' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete tag crm' })).toBeNull();
  });
});
