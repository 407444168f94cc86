import { failureResponse, okResponse } from '@tests/support/api-fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { serverReach } from '@/lib/server-reach';

afterEach(() => {
  vi.unstubAllGlobals();
  serverReach.set(true);
});

function answerWith(response: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

const proxyPage = () =>
  new Response('<html><body>503 Service Temporarily Unavailable</body></html>', {
    status: 503,
    headers: { 'Content-Type': 'text/html' },
  });

describe('whether the server answered the last call', () => {
  it('no answer, or a proxy’s 5xx page, is not the server; its next answer is', async () => {
    const seen: boolean[] = [];
    const stop = serverReach.subscribe(() => seen.push(serverReach.get()));
    // The app's reconnect: the data cache asks again and the sync engine sends on `online`.
    let reconnects = 0;
    const onOnline = () => {
      reconnects += 1;
    };
    window.addEventListener('online', onOnline);

    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiClient.call('listSocials')).rejects.toMatchObject({ status: 0 });
    expect(serverReach.get()).toBe(false);

    answerWith(proxyPage);
    await expect(apiClient.call('listSocials')).rejects.toMatchObject({ status: 503 });
    expect(serverReach.get()).toBe(false);

    answerWith(() => okResponse([]));
    await apiClient.call('listSocials');
    expect(serverReach.get()).toBe(true);
    // Told once per change, not once per call.
    expect(seen).toEqual([false, true]);
    expect(reconnects).toBe(1);
    stop();
    window.removeEventListener('online', onOnline);
  });

  it('the server’s own errors, 5xx included, mean it is there', async () => {
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiClient.call('listSocials')).rejects.toBeTruthy();

    answerWith(() => failureResponse(503, 'Mail cannot be sent right now', 'mail_unavailable'));
    await expect(apiClient.call('listSocials')).rejects.toMatchObject({ status: 503 });
    expect(serverReach.get()).toBe(true);

    serverReach.set(false);
    answerWith(() => failureResponse(404, 'Not found', 'not_found'));
    await expect(apiClient.call('listSocials')).rejects.toMatchObject({ status: 404 });
    expect(serverReach.get()).toBe(true);
  });
});
