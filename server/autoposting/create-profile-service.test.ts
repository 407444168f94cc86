import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createProfileService } from './create-profile-service';
import { LocalProfileService } from './local-profile-service';

const env = (values: Record<string, string>) =>
  loadEnv({ AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long', ...values });

describe('the browser-profile service the configuration picks', () => {
  it('is GoLogin when GOLOGIN_API_TOKEN is set, local profiles otherwise', () => {
    expect(createProfileService(env({ GOLOGIN_API_TOKEN: 'token' })).kind).toBe('gologin');
    expect(createProfileService(env({}))).toBeInstanceOf(LocalProfileService);
  });

  it.each([
    ['AUTOPOST_HEADED=on', { AUTOPOST_HEADED: 'on' }, undefined, true],
    ['AUTOPOST_HEADED=off, even with a display', { AUTOPOST_HEADED: 'off' }, ':0', false],
    ['unset, with a display', {}, ':0', true],
    ['unset, without a display', {}, undefined, false],
  ])('opens the login browser with a window: %s', async (_, values, display, headed) => {
    const service = createProfileService(env(values), { display });
    expect(service).toBeInstanceOf(LocalProfileService);
    expect(service instanceof LocalProfileService && service.headed).toBe(headed);
  });
});
