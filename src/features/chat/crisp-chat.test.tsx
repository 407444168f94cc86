import { render } from '@testing-library/react';
import { fakeAuth } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '@/lib/auth';
import { crispScriptUrl } from './crisp';
import { CrispChat } from './crisp-chat';

function scripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>(`script[src="${crispScriptUrl}"]`)];
}

function commands(): unknown[] {
  return [...((window.$crisp as unknown[] | undefined) ?? [])];
}

function renderWith(auth: AuthState) {
  const view = render(
    <AuthContext.Provider value={auth}>
      <CrispChat websiteId="crisp-site" />
    </AuthContext.Provider>,
  );
  return {
    rerender: (next: AuthState) =>
      view.rerender(
        <AuthContext.Provider value={next}>
          <CrispChat websiteId="crisp-site" />
        </AuthContext.Provider>,
      ),
  };
}

beforeEach(() => {
  delete window.$crisp;
  delete window.CRISP_WEBSITE_ID;
  for (const script of scripts()) script.remove();
});

afterEach(() => {
  delete window.$crisp;
});

describe('Crisp chat', () => {
  it('loads nothing while nobody is signed in', () => {
    renderWith(fakeAuth({ isSignedIn: false, user: null }));
    expect(scripts()).toHaveLength(0);
    expect(window.$crisp).toBeUndefined();
  });

  it("loads Crisp's script once for a signed-in person, with the website id and their email", () => {
    const view = renderWith(fakeAuth());
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.async).toBe(true);
    expect(window.CRISP_WEBSITE_ID).toBe('crisp-site');
    expect(commands()).toEqual([
      ['set', 'user:email', ['ada@example.com']],
      ['do', 'chat:show'],
    ]);
    view.rerender(fakeAuth());
    expect(scripts()).toHaveLength(1);
  });

  it('resets the session and hides the chat on log out', () => {
    const view = renderWith(fakeAuth());
    view.rerender(fakeAuth({ isSignedIn: false, user: null }));
    expect(commands().slice(-2)).toEqual([
      ['do', 'session:reset'],
      ['do', 'chat:hide'],
    ]);
  });
});
