import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Title({ text }: { text: string }) {
  return <h1>{text}</h1>;
}

class ShowError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('a screen loaded on demand', () => {
  it('shows the fallback while its code loads, then the screen', async () => {
    let loaded!: (component: typeof Title) => void;
    const Screen = lazyScreen(() => new Promise<typeof Title>((resolve) => (loaded = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen text="Mentions" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => loaded(Title));
    expect(await screen.findByRole('heading', { name: 'Mentions' })).toBeTruthy();
  });

  it('shows at once, without its fallback, when loaded before the first render', async () => {
    const Screen = lazyScreen(async () => Title);
    await Screen.load();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen text="Mentions" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Mentions' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('loads its code once, however often it is asked', async () => {
    let calls = 0;
    const Screen = lazyScreen(async () => {
      calls += 1;
      return Title;
    });
    await Promise.all([Screen.load(), Screen.load()]);
    await Screen.load();
    expect(calls).toBe(1);
  });

  it('passes a failure to load to the nearest error boundary', async () => {
    const Screen = lazyScreen<{ text: string }>(async () => {
      throw new Error('The screen could not be loaded');
    });
    await Screen.load().catch(() => undefined);
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(
        <ShowError>
          <Screen text="Mentions" />
        </ShowError>,
      );
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('alert').textContent).toBe('The screen could not be loaded');
  });
});
