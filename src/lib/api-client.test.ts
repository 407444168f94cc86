import { jsonResponse, projectFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiClient,
  apiFailureMessage,
  configureApiClient,
  isUnreachable,
  onApiError,
  onApiResponse,
} from './api-client';

const project = projectFixture();

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: { ...(init.headers as Record<string, string>) } };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ getToken: () => null, getProjectId: () => null, baseUrl: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiClient.call headers', () => {
  it('sends the JSON content type and an empty Authorization when there is no token', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listProjects');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/projects');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers).toEqual({ 'Content-Type': 'application/json', Authorization: '' });
  });

  it('sends the current token and the project-id once a project exists', async () => {
    configureApiClient({ getToken: async () => 'token-1', getProjectId: () => 'p1' });
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, data: [project], error: null }),
    );
    await apiClient.call('listProjects');
    expect(lastRequest().headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'token-1',
      'project-id': 'p1',
    });
  });

  it('sends the project a queued change was made in, when the call names one', async () => {
    configureApiClient({ getToken: async () => 'token-1', getProjectId: () => 'p-current' });
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listSocials', { projectId: 'p-queued' });
    expect(lastRequest().headers['project-id']).toBe('p-queued');
    await apiClient.call('listSocials');
    expect(lastRequest().headers['project-id']).toBe('p-current');
  });

  it('asks for a fresh token on every call', async () => {
    const getToken = vi.fn().mockResolvedValueOnce('a').mockResolvedValueOnce('b');
    configureApiClient({ getToken });
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listSocials');
    expect(lastRequest().headers.Authorization).toBe('a');
    await apiClient.call('listSocials');
    expect(lastRequest().headers.Authorization).toBe('b');
  });

  it('does not ask for a token on the local-account routes, which the session cookie authenticates', async () => {
    const getToken = vi.fn(async () => 'token-1');
    configureApiClient({ getToken });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiClient.call('signOut');
    expect(getToken).not.toHaveBeenCalled();
    expect(lastRequest().headers.Authorization).toBe('');
  });
});

describe('apiClient.call bodies, paths and queries', () => {
  it('sends an empty JSON object when a non-GET call has no body', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, data: { active: true, addons: {} }, error: null }),
    );
    await apiClient.call('workspaceCreated');
    expect(lastRequest().init).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('sends the body as JSON', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, data: { answer: 'Hi', answerVersion: 2 }, error: null }),
    );
    const data = await apiClient.call('regenerateAnswer', {
      params: { postId: 'post/1' },
      body: { prompt: 'shorter' },
    });
    expect(data).toEqual({ answer: 'Hi', answerVersion: 2 });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/posts/regenerate-answer/post%2F1');
    expect(init).toMatchObject({ method: 'PATCH', body: '{"prompt":"shorter"}' });
  });

  it('builds the query from the defined parameters only', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listPosts', {
      params: { social: 'reddit' },
      query: { keyword: 'crm tools', found_date: undefined },
    });
    expect(lastRequest().url).toBe('/api/posts/reddit?keyword=crm+tools');

    await apiClient.call('listPosts', { params: { social: 'reddit' }, query: {} });
    expect(lastRequest().url).toBe('/api/posts/reddit');
  });

  it('prefixes the configured API host', async () => {
    configureApiClient({ baseUrl: 'https://api.example.test' });
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listSocials');
    expect(lastRequest().url).toBe('https://api.example.test/api/socials');
  });
});

describe('apiClient.call responses', () => {
  it('returns the data parsed with the route schema', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, data: [project], error: null }),
    );
    await expect(apiClient.call('listProjects')).resolves.toEqual([project]);
  });

  it('returns nothing on 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiClient.call('signOut')).resolves.toBeUndefined();
  });

  it('throws the parsed error body on a status of 400 or above', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, {
        success: false,
        data: null,
        error: {
          message: 'Password is incorrect. Try again, or use another method.',
          code: 'form_password_incorrect',
          field: 'password',
        },
      }),
    );
    const error = await apiClient
      .call('signIn', { body: { email: 'a@b.co', password: 'nope' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      success: false,
      data: null,
      message: 'Password is incorrect. Try again, or use another method.',
      error: {
        message: 'Password is incorrect. Try again, or use another method.',
        code: 'form_password_incorrect',
        field: 'password',
      },
    });
  });

  it('tells the person a subscription is required in the server’s words, and not that they are offline', async () => {
    const refusal = {
      code: 'subscription_required',
      message: 'An active subscription is required: choose a plan to continue',
    };
    fetchMock.mockImplementation(async () =>
      jsonResponse(402, { success: false, data: null, error: refusal }),
    );
    const error = await apiClient.call('listSocials').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 402, error: refusal });
    expect(isUnreachable(error)).toBe(false);
    expect(apiFailureMessage(error)).toBe(refusal.message);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('synthesizes an error body from the status when the error is not JSON', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await apiClient.call('listSocials').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: { message: 'Bad Gateway', code: 'internal_error' } });
  });

  it('names the status in the synthesized error when there is no status text', async () => {
    fetchMock.mockResolvedValue(new Response('slow down', { status: 429 }));
    const error = await apiClient.call('listSocials').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      error: { message: 'Request failed with status 429', code: 'rate_limited' },
    });
  });

  it('throws a bad_response error when the data does not match the contract', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, data: [{ id: 1 }], error: null }),
    );
    const error = await apiClient.call('listSocials').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, error: { code: 'bad_response' } });
  });

  it('throws a network_error with status 0 when the request never gets an answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiClient.call('listSocials').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, error: { code: 'network_error' } });
  });
});

describe('API hooks', () => {
  it('runs the error hooks in the order they were registered, before the call throws', async () => {
    const order: string[] = [];
    const offFirst = onApiError((error, call) => order.push(`first ${error.status} ${call.name}`));
    const offSecond = onApiError(() => order.push('second'));
    fetchMock.mockImplementation(async () =>
      jsonResponse(403, { success: false, data: null, error: { message: 'No', code: 'forbidden' } }),
    );
    await apiClient.call('listProjects').catch(() => order.push('thrown'));
    expect(order).toEqual(['first 403 listProjects', 'second', 'thrown']);
    offFirst();
    offSecond();
  });

  it('runs the response hooks on success only, before the call returns, and stops after unsubscribing', async () => {
    const seen: unknown[] = [];
    const errorHook = vi.fn();
    const offError = onApiError(errorHook);
    const off = onApiResponse((response, call) => seen.push([call.path, response.status]));
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listSocials').then(() => seen.push('returned'));
    expect(seen).toEqual([['/api/socials', 200], 'returned']);
    expect(errorHook).not.toHaveBeenCalled();

    off();
    offError();
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await apiClient.call('listSocials');
    expect(seen).toHaveLength(2);
  });

  it('keeps calling when a hook throws', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = onApiResponse(() => {
      throw new Error('hook broke');
    });
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, data: [], error: null }));
    await expect(apiClient.call('listSocials')).resolves.toEqual([]);
    off();
    errorSpy.mockRestore();
  });
});
