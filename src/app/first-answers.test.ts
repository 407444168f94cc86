import { firstAnswersElementId } from '@contract/first-answers';
import { sessionFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedSessionKey } from '@/features/auth/local/local-session';
import { apiClient, setFirstAnswers } from '@/lib/api-client';
import { takeFirstAnswersFromPage } from './first-answers';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => ({ success: true, data, error: null });
const answer = (method: string, url: string, data: unknown) => ({
  method,
  url,
  projectId: null,
  status: 200,
  body: envelope(data),
});
const sessionAnswer = (data: unknown) => answer('POST', '/api/auth/token', data);

function pageWith(json: string): Document {
  const page = document.implementation.createHTMLDocument('ReplyRadar');
  const element = page.createElement('script');
  element.type = 'application/json';
  element.id = firstAnswersElementId;
  element.textContent = json;
  page.head.append(element);
  return page;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json(envelope([])));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  setFirstAnswers([]);
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('taking the first answers from the page', () => {
  it('hands back the session and the other answers to the API client, once, and removes them from the page', async () => {
    const session = sessionFixture();
    const page = pageWith(
      JSON.stringify({ answers: [sessionAnswer(session), answer('GET', '/api/socials', [])] }),
    );
    expect(takeFirstAnswersFromPage(page)).toEqual(session);
    expect(page.getElementById(firstAnswersElementId)).toBeNull();
    expect(takeFirstAnswersFromPage(page)).toBeUndefined();
    expect(await apiClient.call('listSocials')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says nobody is signed in when the page says so', () => {
    expect(takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [sessionAnswer(null)] })))).toBeNull();
  });

  it('says nothing of the session when the page does not', () => {
    expect(takeFirstAnswersFromPage(document)).toBeUndefined();
    expect(takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [] })))).toBeUndefined();
    // A session the app cannot read is no answer either: the app asks the server.
    expect(
      takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [sessionAnswer({ token: 1 })] }))),
    ).toBe(undefined);
  });

  it('lets a session this device kept outweigh a page that says nobody is signed in', () => {
    localStorage.setItem(savedSessionKey, '{}');
    expect(takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [sessionAnswer(null)] })))).toBe(
      undefined,
    );
  });

  it('ignores answers that are not JSON, or not shaped as the contract says, and says why', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(takeFirstAnswersFromPage(pageWith('{not json'))).toBeUndefined();
    expect(takeFirstAnswersFromPage(pageWith('{"answers":[{"url":1}]}'))).toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
