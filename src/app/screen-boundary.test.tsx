import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { lazyScreen } from '@/lib/lazy-screen';
import { ScreenBoundary, screenErrorTexts } from './screen-boundary';

function Replies() {
  return <h1>Replies</h1>;
}

/** What Chromium throws when a screen's script cannot be fetched. */
const scriptLoadFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/replies-page.js');

describe('a screen that cannot be shown', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says its code could not be loaded, and shows it once trying again loads it', async () => {
    let attempts = 0;
    const RepliesScreen = lazyScreen(async () => {
      attempts += 1;
      if (attempts === 1) throw scriptLoadFailure();
      return Replies;
    });
    render(
      <Router hook={memoryLocation({ path: '/replies' }).hook}>
        <nav>Mentions · Replies</nav>
        <ScreenBoundary>
          <RepliesScreen />
        </ScreenBoundary>
      </Router>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(screenErrorTexts.title);
    expect(alert.textContent).toContain(screenErrorTexts.notLoaded);
    // The rest of the app is still there.
    expect(screen.getByText('Mentions · Replies')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: screenErrorTexts.tryAgain })));
    expect(await screen.findByRole('heading', { name: 'Replies' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('says something went wrong when a screen fails as it is drawn, and offers a reload', async () => {
    function Broken(): never {
      throw new Error('posts is undefined');
    }
    render(
      <Router hook={memoryLocation({ path: '/mentions' }).hook}>
        <ScreenBoundary>
          <Broken />
        </ScreenBoundary>
      </Router>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(screenErrorTexts.failed);
    expect(screen.getByRole('button', { name: screenErrorTexts.reload })).toBeTruthy();
  });

  it('shows the next screen when the person goes elsewhere', async () => {
    function Broken(): never {
      throw new Error('posts is undefined');
    }
    function Screens() {
      return (
        <>
          <Link href="/replies">Replies</Link>
          <ScreenBoundary>
            <RouteByHook />
          </ScreenBoundary>
        </>
      );
    }
    const memory = memoryLocation({ path: '/mentions' });
    function RouteByHook() {
      const [path] = memory.hook();
      return path === '/mentions' ? <Broken /> : <h1>Replies</h1>;
    }
    render(
      <Router hook={memory.hook}>
        <Screens />
      </Router>,
    );
    await screen.findByRole('alert');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Replies' })));
    expect(await screen.findByRole('heading', { name: 'Replies' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
