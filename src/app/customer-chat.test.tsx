import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '@/lib/auth';
import { fakeAuth } from '../../tests/support/app-test-utils';
import { CustomerChat } from './customer-chat';

const crispScript = 'script[src="https://client.crisp.chat/l.js"]';

afterEach(() => {
  for (const script of document.querySelectorAll(crispScript)) script.remove();
  delete window.$crisp;
});

function renderChat(auth: AuthState, websiteId: string | undefined) {
  return render(
    <AuthContext.Provider value={auth}>
      <CustomerChat websiteId={websiteId} />
    </AuthContext.Provider>,
  );
}

describe('customer chat wiring', () => {
  it('loads nothing without VITE_CRISP_WEBSITE_ID, even signed in', async () => {
    renderChat(fakeAuth(), undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector(crispScript)).toBeNull();
    expect(window.$crisp).toBeUndefined();
  });

  it('loads nothing for a visitor who is not signed in', async () => {
    renderChat(fakeAuth({ isSignedIn: false, user: null }), 'crisp-site');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector(crispScript)).toBeNull();
  });

  it('loads Crisp once someone is signed in', async () => {
    renderChat(fakeAuth(), 'crisp-site');
    await waitFor(() => expect(document.querySelector(crispScript)).not.toBeNull());
  });
});
