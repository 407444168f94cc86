// @vitest-environment node
import { failureResponse, okResponse, projectFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectToFormValues } from '../form-values';
import { firstSocialSlug, regenerateDescription, regenerateTov, saveProject } from './project-calls';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('project calls', () => {
  it("regenerating a description without a url fails with 'Url should be passed' and asks nothing", async () => {
    const values = projectToFormValues(projectFixture({ url: null }));
    await expect(regenerateDescription(values)).rejects.toThrow('Url should be passed');
    await expect(regenerateDescription({ ...values, url: '   ' })).rejects.toThrow('Url should be passed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('regenerating the tone of voice throws the message of an error in the response', async () => {
    fetchMock.mockResolvedValue(failureResponse(400, 'Goal is required', 'bad_request'));
    await expect(regenerateTov(projectToFormValues(projectFixture()))).rejects.toThrow('Goal is required');
  });

  it('saves an unreviewed project with verify and a reviewed one with PUT, both with the id', async () => {
    fetchMock.mockImplementation(async () => okResponse(projectFixture({ reviewed: true })));
    const values = projectToFormValues(projectFixture());
    await saveProject(projectFixture({ reviewed: false }), values);
    await saveProject(projectFixture({ reviewed: true }), values);
    const [first, second] = fetchMock.mock.calls;
    expect([String(first?.[0]), first?.[1]?.method]).toEqual(['/api/projects/verify', 'POST']);
    expect([String(second?.[0]), second?.[1]?.method]).toEqual(['/api/projects/p1', 'PUT']);
    expect(JSON.parse(String(first?.[1]?.body))).toEqual({ ...values, id: 'p1' });
    expect(JSON.parse(String(second?.[1]?.body))).toEqual({ ...values, id: 'p1' });
  });

  it('the first social is the first of the list; none when the list is empty or cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(okResponse([{ id: '1', slug: 'reddit', name: 'Reddit' }]));
    expect(await firstSocialSlug()).toBe('reddit');
    fetchMock.mockResolvedValueOnce(okResponse([]));
    expect(await firstSocialSlug()).toBeNull();
    fetchMock.mockResolvedValueOnce(failureResponse(500, 'Down', 'internal_error'));
    expect(await firstSocialSlug()).toBeNull();
  });
});
