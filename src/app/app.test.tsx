import 'fake-indexeddb/auto';
import { authMessages } from '@contract/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureResponse, sessionFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../tests/support/app-test-utils';
import { currentProjectHeader } from './api-client-wiring';
import { App } from './app';

const session = sessionFixture();
const failure = failureResponse;

/** A stand-in for the server's local accounts: one account, ada@example.com / correct-horse. */
function fakeServer() {
  let signedIn = false;
  return vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    switch (path) {
      case '/api/auth/token':
        return signedIn ? ok(session) : failure(401, 'Not signed in', 'unauthorized');
      case '/api/auth/sign-up':
        signedIn = true;
        return ok(session);
      case '/api/auth/sign-in':
        if (body.password !== 'correct-horse') {
          return failure(422, authMessages.passwordIncorrect, 'form_password_incorrect', 'password');
        }
        signedIn = true;
        return ok(session);
      case '/api/auth/sign-out':
        signedIn = false;
        return new Response(null, { status: 204 });
      case '/api/subscription':
        if (init?.headers && (init.headers as Record<string, string>).Authorization !== 'session-token') {
          return failure(401, 'Not signed in', 'unauthorized');
        }
        return ok({ active: false, addons: {} });
      default:
        return failure(404, 'Not found', 'not_found');
    }
  });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/project');
  currentProjectHeader.set(null);
  vi.stubGlobal('fetch', fakeServer());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing up, out and in again (local accounts)', () => {
  it('walks the journey of a new visitor', async () => {
    const user = userEvent.setup();
    render(<App />);

    // A new visitor on /project lands on sign in, and the page asked for is not kept.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/sign-in');

    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Signed in without a subscription: the subscribe route.
    expect(await screen.findByRole('heading', { level: 1, name: 'Start Growing Today' })).toBeTruthy();
    expect(window.location.pathname).toBe('/subscribe');

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/sign-in');

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-horse');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(authMessages.passwordIncorrect)).toBeTruthy();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Start Growing Today' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/subscribe'));
  });
});
