import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createDrafter } from './create-drafter';

describe('drafting configuration', () => {
  it('drafts built-in by default and with a model when LLM_BASE_URL and LLM_MODEL are set', () => {
    expect(createDrafter(loadEnv({})).kind).toBe('builtin');
    const env = loadEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' });
    expect(env.LLM_API_KEY).toBeUndefined();
    expect(createDrafter(env).kind).toBe('model');
  });

  it('stops start-up when only one of LLM_BASE_URL and LLM_MODEL is set, naming the missing one', () => {
    expect(() => loadEnv({ LLM_BASE_URL: 'https://api.openai.com/v1' })).toThrow(
      /LLM_MODEL: LLM_BASE_URL and LLM_MODEL are set together/,
    );
    expect(() => loadEnv({ LLM_MODEL: 'gpt-4o-mini' })).toThrow(/LLM_BASE_URL: /);
    expect(() => loadEnv({ LLM_BASE_URL: 'file:///tmp/x', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
  });

  it('reads FETCH_ALLOW_HOSTS as a list of host names and addresses, empty by default', () => {
    expect(loadEnv({}).FETCH_ALLOW_HOSTS).toEqual([]);
    expect(loadEnv({ FETCH_ALLOW_HOSTS: '127.0.0.1, [::1] ,Localhost,' }).FETCH_ALLOW_HOSTS).toEqual([
      '127.0.0.1',
      '::1',
      'localhost',
    ]);
  });

  it('reads FETCH_ALLOW_HOSTS entries with a port, and refuses one that is not a host', () => {
    expect(
      loadEnv({ FETCH_ALLOW_HOSTS: '127.0.0.1:8080,[::1]:3000, Demo.local:80' }).FETCH_ALLOW_HOSTS,
    ).toEqual(['127.0.0.1:8080', '[::1]:3000', 'demo.local:80']);
    expect(() => loadEnv({ FETCH_ALLOW_HOSTS: 'localhost, http://demo.local/' })).toThrow(
      /FETCH_ALLOW_HOSTS: must be host names or IP addresses, each with an optional :port .*\(not http:\/\/demo\.local\/\)/,
    );
  });
});
