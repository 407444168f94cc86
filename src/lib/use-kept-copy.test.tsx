import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptCopies } from '@/db/kept-copies';
import type { MirrorDb } from '@/db/mirror';
import { useKeptCopy } from '@/lib/use-kept-copy';

afterEach(async () => {
  await closeTestMirrors();
  vi.restoreAllMocks();
});

const social = (slug: string) => ({ id: slug, slug, name: slug });

function Socials({ db, read }: { db: MirrorDb; read: boolean }) {
  const copy = useKeptCopy(keptCopies.socials(db), read);
  return <p>{copy ? copy.map((one) => one.slug).join(',') : 'nothing kept'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>This screen could not be shown</p> : this.props.children;
  }
}

describe('the copy kept on this device, as a screen reads it', () => {
  it('shows what the mirror holds, and what is written to it afterwards', async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([social('reddit')]);
    render(<Socials db={db} read />);
    expect(await screen.findByText('reddit')).toBeTruthy();
    await keptCopies.socials(db).keep([social('reddit'), social('hackernews')]);
    expect(await screen.findByText('reddit,hackernews')).toBeTruthy();
  });

  it('reads nothing while it is not to be read, and shows nothing kept', async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([social('reddit')]);
    const read = vi.spyOn(db.socials, 'orderBy');
    const { rerender } = render(<Socials db={db} read={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('nothing kept')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    rerender(<Socials db={db} read />);
    expect(await screen.findByText('reddit')).toBeTruthy();
    // Once not to be read again, the copy goes.
    rerender(<Socials db={db} read={false} />);
    expect(screen.getByText('nothing kept')).toBeTruthy();
  });

  it('hands a read that failed to the screen’s error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = {
      place: ['failing'],
      keep: async () => undefined,
      read: async (): Promise<string[] | undefined> => {
        throw new Error('the device refused');
      },
    };
    function Reader() {
      return <p>{useKeptCopy(failing, true)?.join(',') ?? 'reading'}</p>;
    }
    render(
      <Boundary>
        <Reader />
      </Boundary>,
    );
    await waitFor(() => expect(screen.getByText('This screen could not be shown')).toBeTruthy());
  });
});
