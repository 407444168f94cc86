import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type OpenableProps, onDemandDialog } from './on-demand-dialog';

/** A stand-in dialog with state of its own, to see that it stays mounted once shown. */
function NoteDialog({ open, onOpenChange }: OpenableProps) {
  const [note, setNote] = useState('');
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Note">
      <input aria-label="Note text" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <button type="button" onClick={() => onOpenChange(false)}>
        Done
      </button>
    </div>
  );
}

function Screen({ Dialog }: { Dialog: ReturnType<typeof onDemandDialog<OpenableProps>> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Write a note
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('a dialog loaded on demand', () => {
  it('is not loaded until it is first opened, then shows and keeps its state between openings', async () => {
    const load = vi.fn(async () => NoteDialog);
    const Dialog = onDemandDialog(load);
    const user = userEvent.setup();
    render(<Screen Dialog={Dialog} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    await user.type(screen.getByRole('textbox', { name: 'Note text' }), 'Call Ada');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialog.isConnected).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    expect((await screen.findByRole('textbox', { name: 'Note text' })).getAttribute('value')).toBe(
      'Call Ada',
    );
    expect(load).toHaveBeenCalledOnce();
  });

  it('shows a spinner while it loads', async () => {
    let arrive: (dialog: typeof NoteDialog) => void = () => undefined;
    const Dialog = onDemandDialog(() => new Promise<typeof NoteDialog>((resolve) => (arrive = resolve)));
    const user = userEvent.setup();
    render(<Screen Dialog={Dialog} />);
    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading');
    arrive(NoteDialog);
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when it cannot be loaded, closes on Close, and tries again on the next opening', async () => {
    const load = vi
      .fn<() => Promise<typeof NoteDialog>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(NoteDialog);
    const Dialog = onDemandDialog(load);
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Screen Dialog={Dialog} />);

    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This could not be opened. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves an error of the dialog itself to the error boundaries above it', async () => {
    function Broken(_props: OpenableProps): never {
      throw new Error('the dialog broke');
    }
    const Dialog = onDemandDialog(async () => Broken);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Outer>
        <Dialog open onOpenChange={() => undefined} />
      </Outer>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Outer boundary: the dialog broke');
  });
});

/** The app's own error boundary, as far as this test is concerned. */
class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    return this.state.error ? (
      <p role="alert">Outer boundary: {this.state.error.message}</p>
    ) : (
      this.props.children
    );
  }
}
