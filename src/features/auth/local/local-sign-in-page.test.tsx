import { authMessages } from '@contract/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureResponse, jsonResponse, sessionFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LocalAuthProvider } from './local-auth-provider';
import { LocalSignInPage } from './local-sign-in-page';
import { LocalSignUpPage } from './local-sign-up-page';

const session = sessionFixture({ token: 't1' });
const json = jsonResponse;
const failure = failureResponse;

type Handler = (body: unknown) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const handler = handlers[String(input)];
  if (!handler) return failure(404, 'Not found', 'not_found');
  return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
});

beforeEach(() => {
  handlers = { '/api/auth/token': () => failure(401, 'Not signed in', 'unauthorized') };
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderPage(page: 'sign-in' | 'sign-up') {
  const location = memoryLocation({ path: `/${page}`, record: true });
  render(
    <Router hook={location.hook}>
      <LocalAuthProvider>{page === 'sign-in' ? <LocalSignInPage /> : <LocalSignUpPage />}</LocalAuthProvider>
    </Router>,
  );
  return location;
}

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

function errorOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('local sign in', () => {
  it('shows the title, both fields, Continue and a link to sign up', () => {
    renderPage('sign-in');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
  });

  it('shows a wrong password under the password field', async () => {
    handlers['/api/auth/sign-in'] = () =>
      failure(422, authMessages.passwordIncorrect, 'form_password_incorrect', 'password');
    renderPage('sign-in');
    await fillIn('ada@example.com', 'wrong-password');
    expect(await screen.findByText(authMessages.passwordIncorrect)).toBeTruthy();
    expect(errorOf('Password')).toBe(authMessages.passwordIncorrect);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an unknown email under the email field', async () => {
    handlers['/api/auth/sign-in'] = () =>
      failure(422, authMessages.accountNotFound, 'form_identifier_not_found', 'email');
    renderPage('sign-in');
    await fillIn('nobody@example.com', 'whatever');
    expect(await screen.findByText(authMessages.accountNotFound)).toBeTruthy();
    expect(errorOf('Email address')).toBe(authMessages.accountNotFound);
  });

  it('shows too many attempts under the form, with how long to wait', async () => {
    handlers['/api/auth/sign-in'] = () => failure(429, authMessages.tooManyAttempts(42), 'rate_limited');
    renderPage('sign-in');
    await fillIn('ada@example.com', 'whatever');
    expect(await screen.findByText('Too many attempts. Please wait 42 seconds and try again.')).toBeTruthy();
    expect(errorOf('Password')).toBeNull();
  });

  it("shows the account's wait after too many wrong passwords", async () => {
    handlers['/api/auth/sign-in'] = () =>
      failure(429, authMessages.tooManyPasswordAttempts(240), 'rate_limited');
    renderPage('sign-in');
    await fillIn('ada@example.com', 'whatever');
    expect(
      await screen.findByText(
        'Too many wrong passwords for this account. Please wait 4 minutes and try again.',
      ),
    ).toBeTruthy();
  });

  it('sends the typed email trimmed and lowercased, and goes home once signed in', async () => {
    const seen: unknown[] = [];
    handlers['/api/auth/sign-in'] = (body) => {
      seen.push(body);
      return json(200, { success: true, data: session, error: null });
    };
    const location = renderPage('sign-in');
    await fillIn('Ada@Example.com ', 'correct-horse');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(seen).toEqual([{ email: 'ada@example.com', password: 'correct-horse' }]);
  });

  it('disables the fields while submitting', async () => {
    let answer: (response: Response) => void = () => undefined;
    handlers['/api/auth/sign-in'] = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage('sign-in');
    await fillIn('ada@example.com', 'correct-horse');
    await waitFor(() => expect(screen.getByLabelText('Email address').hasAttribute('disabled')).toBe(true));
    expect(screen.getByLabelText('Password').hasAttribute('disabled')).toBe(true);
    answer(json(200, { success: true, data: session, error: null }));
    await waitFor(() => expect(screen.getByLabelText('Password').hasAttribute('disabled')).toBe(false));
  });
});

describe('local sign up', () => {
  it('shows the title, both fields, Continue and a link to sign in', () => {
    renderPage('sign-up');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('refuses a password shorter than 10 characters before asking the server', async () => {
    renderPage('sign-up');
    await fillIn('ada@example.com', 'nine char');
    expect(await screen.findByText('Passwords must be 10 characters or more.')).toBeTruthy();
    expect(errorOf('Password')).toBe('Passwords must be 10 characters or more.');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/sign-up')).toBe(false);
  });

  it('shows a taken email under the email field, and clears it once the email changes', async () => {
    handlers['/api/auth/sign-up'] = () =>
      failure(422, authMessages.emailTaken, 'form_identifier_exists', 'email');
    renderPage('sign-up');
    const user = await fillIn('ada@example.com', 'long-enough');
    expect(await screen.findByText(authMessages.emailTaken)).toBeTruthy();
    expect(errorOf('Email address')).toBe(authMessages.emailTaken);
    await user.type(screen.getByLabelText('Email address'), 'm');
    expect(screen.queryByText(authMessages.emailTaken)).toBeNull();
  });

  it('shows the server password rule under the password field', async () => {
    handlers['/api/auth/sign-up'] = () =>
      failure(400, authMessages.passwordTooShort, 'form_password_length_too_short', 'body.password');
    renderPage('sign-up');
    await fillIn('ada@example.com', 'long-enough');
    expect(await screen.findByText(authMessages.passwordTooShort)).toBeTruthy();
    expect(errorOf('Password')).toBe(authMessages.passwordTooShort);
  });

  it('shows a password too common under the password field', async () => {
    handlers['/api/auth/sign-up'] = () =>
      failure(422, authMessages.passwordTooCommon, 'form_password_pwned', 'password');
    renderPage('sign-up');
    await fillIn('ada@example.com', 'password123');
    expect(await screen.findByText('This password is too common. Choose another.')).toBeTruthy();
    expect(errorOf('Password')).toBe('This password is too common. Choose another.');
  });
});
