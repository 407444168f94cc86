import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, withApp } from '@tests/support/app-test-utils';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SetupServer } from '../../../tests/support/autoposting-setup-server';
import { initialUserData, UserDataForm, type UserDataValues, verifiedLabel } from './user-data-form';

let server: SetupServer;

beforeEach(() => {
  server = new SetupServer();
  server.countries = ['US', 'DE', 'FR', 'GB', 'JP', 'AE'];
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Form({ onSubmit }: { onSubmit: (body: unknown) => Promise<unknown> }) {
  const [values, setValues] = useState<UserDataValues>(initialUserData('ada@example.com'));
  return (
    <UserDataForm
      values={values}
      onValuesChange={setValues}
      onSubmit={onSubmit}
      error={null}
      offline={false}
    />
  );
}

function renderForm(onSubmit: (body: unknown) => Promise<unknown> = vi.fn(async () => undefined)) {
  const { Wrapper } = withApp('/mentions/reddit', fakeAuth());
  render(<Form onSubmit={onSubmit} />, { wrapper: Wrapper });
  return { user: userEvent.setup(), onSubmit };
}

const email = () => screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
const country = () => screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
const verified = () => screen.getByRole('checkbox', { name: verifiedLabel }) as HTMLInputElement;

/** The error a field shows: its `aria-describedby` target's text. */
function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')
      ?.textContent ?? null
  );
}

describe('UserDataForm', () => {
  it('lists the countries the server offers by English name with a flag, sorted alphabetically', async () => {
    renderForm();
    await waitFor(() => expect(country().disabled).toBe(false));
    const choices = [...country().options].filter((option) => option.value !== '').map((o) => o.textContent);
    expect(choices).toEqual([
      '🇫🇷 France',
      '🇩🇪 Germany',
      '🇯🇵 Japan',
      '🇦🇪 United Arab Emirates',
      '🇬🇧 United Kingdom',
      '🇺🇸 United States',
    ]);
    expect(country().selectedOptions[0]?.textContent).toBe('Choose a country');
  });

  it("validates on change: 'Invalid email' for a bad address, 'Required' once emptied", async () => {
    const { user } = renderForm();
    expect(email().value).toBe('ada@example.com');
    expect(errorOf(email())).toBeNull();
    await user.clear(email());
    await user.type(email(), 'ada@');
    await waitFor(() => expect(errorOf(email())).toBe('Invalid email'));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    await user.clear(email());
    await waitFor(() => expect(errorOf(email())).toBe('Required'));
    await user.type(email(), 'ada@example.com');
    await waitFor(() => expect(errorOf(email())).toBeNull());
  });

  it("requires a country and the confirmation, and sends nothing until both are given ('Required')", async () => {
    const { user, onSubmit } = renderForm();
    await waitFor(() => expect(country().disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(errorOf(country())).toBe('Required'));
    expect(errorOf(verified())).toBe('Required');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(country(), 'JP');
    await waitFor(() => expect(errorOf(country())).toBeNull());
    await user.click(verified());
    await waitFor(() => expect(errorOf(verified())).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        email: 'ada@example.com',
        country: 'JP',
        verified: true,
        os: 'win',
      }),
    );
  });

  it('labels the confirmation as having signed up for the browser-profile service and installed its app', () => {
    renderForm();
    expect(verified().checked).toBe(false);
    expect(verifiedLabel).toMatch(/signed up for the browser-profile service and installed its app/);
  });

  it('offers Windows, macOS and Linux, Windows first chosen', () => {
    renderForm();
    const group = screen.getByRole('group', { name: 'Operating system' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Windows', 'macOS', 'Linux']);
    expect((within(group).getByRole('radio', { name: 'Windows' }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables every field while it is sent', async () => {
    let release: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { user } = renderForm(onSubmit);
    await waitFor(() => expect(country().disabled).toBe(false));
    await user.selectOptions(country(), 'FR');
    await user.click(verified());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(email().disabled).toBe(true));
    expect(country().disabled).toBe(true);
    expect(verified().disabled).toBe(true);
    // Disabled through its fieldset.
    expect(screen.getByRole('radio', { name: 'Linux' }).matches(':disabled')).toBe(true);
    release();
    await waitFor(() => expect(email().disabled).toBe(false));
  });

  it('says why the countries are missing when they cannot be loaded, and loads them again', async () => {
    server.failNextCall('GET', '/api/setup-autoposting/countries', 503, 'The profile service is down.');
    const { user } = renderForm();
    await waitFor(() => expect(errorOf(country())).toBe('The profile service is down.'));
    await user.click(screen.getByRole('button', { name: 'Load countries again' }));
    await waitFor(() => expect(country().disabled).toBe(false));
    expect(errorOf(country())).toBeNull();
  });
});
