import type { Project } from '@contract/entities';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureResponse, projectFixture } from '@tests/support/api-fixtures';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectPage } from './project-page';

type Handler = (body: unknown) => Response | Promise<Response>;

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, Handler> = {};

beforeEach(() => {
  fetchMock.mockReset();
  handlers = {};
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`No handler for ${key}`);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function calls(key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

const crm = { name: 'crm', filter: null };
const leads = { name: 'leads', filter: 'B2B only' };

async function renderPage(project: Project, path = '/project') {
  handlers['GET /api/projects'] = () => ok([project]);
  handlers['GET /api/socials'] = () =>
    ok([
      { id: 's1', slug: 'reddit', name: 'Reddit' },
      { id: 's2', slug: 'hacker-news', name: 'Hacker News' },
    ]);
  const { Wrapper, location } = withApp(path, fakeAuth());
  render(<ProjectPage />, { wrapper: Wrapper });
  await screen.findByRole('heading', { level: 1 });
  return { location, user: userEvent.setup() };
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const tagNames = () =>
  Array.from(document.querySelectorAll('[data-part="item"]')).map((el) => el.getAttribute('data-value'));

async function addKeyword(user: ReturnType<typeof userEvent.setup>, name: string) {
  const before = tagNames().length;
  await user.type(textbox('Keywords'), `${name}{Enter}`);
  await waitFor(() => expect(tagNames()).toHaveLength(before + 1));
  // zag clears the input on the next frame.
  await waitFor(() => expect(textbox('Keywords').value).toBe(''));
}

describe('project page', () => {
  it("before review: 'Review suggested information', the fields filled in, 'Save and find relevant posts'", async () => {
    await renderPage(projectFixture({ url: 'https://radar.example', keywords: [crm, leads] }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review suggested information');
    expect(textbox('Project name').value).toBe('Radar');
    expect(textbox('Product link').value).toBe('https://radar.example');
    expect(textbox('Filter').value).toBe('Leads');
    expect(textbox('Project description').value).toBe('Finds posts');
    expect(textbox('Tone of Voice').value).toBe('Friendly');
    expect(tagNames()).toEqual(['crm', 'leads']);
    expect(screen.getByRole('button', { name: 'Save and find relevant posts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.className).toContain('max-w-[480px]');
  });

  it("after review: 'Project' and 'Save'", async () => {
    await renderPage(projectFixture({ reviewed: true }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Project');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and find relevant posts' })).toBeNull();
  });

  it("shows 'Regenerate description' only when a url is filled", async () => {
    const { user } = await renderPage(projectFixture({ url: null }));
    expect(screen.queryByRole('button', { name: 'Regenerate description' })).toBeNull();
    await user.type(textbox('Product link'), 'https://radar.example');
    expect(screen.getByRole('button', { name: 'Regenerate description' })).toBeTruthy();
    await user.clear(textbox('Product link'));
    expect(screen.queryByRole('button', { name: 'Regenerate description' })).toBeNull();
  });

  it('regenerates the description from the form values', async () => {
    const { user } = await renderPage(projectFixture({ url: 'https://radar.example', keywords: [crm] }));
    handlers['POST /api/projects/regenerate-description'] = () =>
      ok({ description: 'A sharper description' });
    await user.click(screen.getByRole('button', { name: 'Regenerate description' }));
    await waitFor(() => expect(textbox('Project description').value).toBe('A sharper description'));
    expect(calls('POST /api/projects/regenerate-description')).toEqual([
      {
        name: 'Radar',
        url: 'https://radar.example',
        goal: 'Leads',
        description: 'Finds posts',
        tov: 'Friendly',
        keywords: [{ name: 'crm', filter: '' }],
      },
    ]);
  });

  it("logs 'API error: Url should be passed' and keeps the text when the server refuses", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderPage(projectFixture({ url: 'https://radar.example' }));
    handlers['POST /api/projects/regenerate-description'] = () =>
      failureResponse(400, 'Url should be passed', 'bad_request');
    await user.click(screen.getByRole('button', { name: 'Regenerate description' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('API error: Url should be passed'));
    expect(textbox('Project description').value).toBe('Finds posts');
    expect(screen.getByText('Url should be passed')).toBeTruthy();
  });

  it("'Suggest tone of voice' replaces the tone of voice; an error shows its message under the field", async () => {
    const { user } = await renderPage(projectFixture());
    handlers['POST /api/projects/regenerate-tov'] = () => ok({ tov: 'Warm and direct' });
    await user.click(screen.getByRole('button', { name: 'Suggest tone of voice' }));
    await waitFor(() => expect(textbox('Tone of Voice').value).toBe('Warm and direct'));

    handlers['POST /api/projects/regenerate-tov'] = () =>
      failureResponse(502, 'The language model did not answer', 'internal_error');
    await user.click(screen.getByRole('button', { name: 'Suggest tone of voice' }));
    expect(await screen.findByText('The language model did not answer')).toBeTruthy();
    expect(textbox('Tone of Voice').value).toBe('Warm and direct');
  });

  it("says 'Max 5 keywords allowed' past the project's limit of 5, and does not save", async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, filter: '' }));
    const { user } = await renderPage(projectFixture({ keywords: five, keywordsLimit: 5 }));
    expect(screen.queryByText('Max 5 keywords allowed')).toBeNull();
    await addKeyword(user, 'f');
    expect(await screen.findByText('Max 5 keywords allowed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save and find relevant posts' }));
    expect(calls('POST /api/projects/verify')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete tag f' }));
    await waitFor(() => expect(screen.queryByText('Max 5 keywords allowed')).toBeNull());
  });

  it("allows 30 keywords for a project whose limit is 30, and says 'Max 30 keywords allowed' past it", async () => {
    const names = Array.from({ length: 29 }, (_, i) => `k${i}`);
    const { user } = await renderPage(
      projectFixture({ keywords: names.map((name) => ({ name, filter: '' })), keywordsLimit: 30 }),
    );
    await addKeyword(user, 'k29');
    expect(screen.queryByText(/keywords allowed/)).toBeNull();
    await addKeyword(user, 'k30');
    expect(await screen.findByText('Max 30 keywords allowed')).toBeTruthy();
  });

  it("sets a keyword's filter in 'Manage keyword filter' and sends it on save", async () => {
    const { user } = await renderPage(projectFixture({ keywords: [crm, leads] }));
    await user.click(screen.getByRole('button', { name: 'Manage keyword filter for crm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage keyword filter' });
    const keyword = within(dialog).getByRole('textbox', { name: 'Keyword' }) as HTMLInputElement;
    expect(keyword.value).toBe('crm');
    expect(keyword.readOnly).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Filter' }), 'Small teams');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The other keyword's dialog shows its own filter.
    await user.click(screen.getByRole('button', { name: 'Manage keyword filter for leads' }));
    const second = await screen.findByRole('dialog', { name: 'Manage keyword filter' });
    expect((within(second).getByRole('textbox', { name: 'Filter' }) as HTMLTextAreaElement).value).toBe(
      'B2B only',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    handlers['POST /api/projects/verify'] = (body) =>
      ok({ ...projectFixture(), ...(body as object), reviewed: true });
    await user.click(screen.getByRole('button', { name: 'Save and find relevant posts' }));
    await waitFor(() => expect(calls('POST /api/projects/verify')).toHaveLength(1));
    expect((calls('POST /api/projects/verify')[0] as Project).keywords).toEqual([
      { name: 'crm', filter: 'Small teams' },
      { name: 'leads', filter: 'B2B only' },
    ]);
  });

  it('refuses a keyword that differs from one in the list only by case', async () => {
    const { user } = await renderPage(projectFixture({ keywords: [crm] }));
    await user.type(textbox('Keywords'), 'CRM{Enter}');
    await waitFor(() => expect(textbox('Keywords').value).toBe(''));
    expect(tagNames()).toEqual(['crm']);
  });

  it('tags are not editable in place', async () => {
    const { user } = await renderPage(projectFixture({ keywords: [crm] }));
    await user.dblClick(screen.getByText('crm'));
    expect(screen.queryByRole('textbox', { name: /Editing tag/ })).toBeNull();
  });

  it('the first save verifies the project with the form values and its id, then goes to mentions of the first social', async () => {
    let answer: (response: Response) => void = () => undefined;
    handlers['POST /api/projects/verify'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const { user, location } = await renderPage(projectFixture({ keywords: [crm] }));
    await user.clear(textbox('Project name'));
    await user.type(textbox('Project name'), 'Radar Pro');
    await user.click(screen.getByRole('button', { name: 'Save and find relevant posts' }));
    await waitFor(() => expect(calls('POST /api/projects/verify')).toHaveLength(1));
    expect(calls('POST /api/projects/verify')[0]).toEqual({
      id: 'p1',
      name: 'Radar Pro',
      url: '',
      goal: 'Leads',
      description: 'Finds posts',
      tov: 'Friendly',
      keywords: [{ name: 'crm', filter: '' }],
    });

    // Fields are disabled while submitting.
    for (const name of [
      'Project name',
      'Product link',
      'Filter',
      'Project description',
      'Tone of Voice',
      'Keywords',
    ])
      expect(textbox(name).disabled).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Save and find relevant posts' }).getAttribute('aria-busy'),
    ).toBe('true');

    answer(ok(projectFixture({ name: 'Radar Pro', reviewed: true, keywords: [crm] })));
    await waitFor(() => expect(location.history.at(-1)).toBe('/mentions/reddit'));
    expect(calls('PUT /api/projects/p1')).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Project');
  });

  it('a reviewed project saves with PUT and stays on the page', async () => {
    const { user, location } = await renderPage(projectFixture({ reviewed: true }));
    handlers['PUT /api/projects/p1'] = (body) =>
      ok({ ...projectFixture(), ...(body as object), reviewed: true });
    await user.clear(textbox('Filter'));
    await user.type(textbox('Filter'), 'Founders');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT /api/projects/p1')).toHaveLength(1));
    expect(calls('PUT /api/projects/p1')[0]).toMatchObject({ id: 'p1', goal: 'Founders' });
    expect(calls('POST /api/projects/verify')).toEqual([]);
    await waitFor(() => expect(textbox('Filter').disabled).toBe(false));
    expect(location.history).toEqual(['/project']);
    expect(calls('GET /api/socials')).toEqual([]);
  });

  it("says 'Required' for an emptied name and does not save", async () => {
    const { user } = await renderPage(projectFixture());
    await user.clear(textbox('Project name'));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save and find relevant posts' }));
    expect(calls('POST /api/projects/verify')).toEqual([]);
  });

  it("shows the server's field error under its field, and stays", async () => {
    const { user, location } = await renderPage(projectFixture());
    handlers['POST /api/projects/verify'] = () =>
      failureResponse(400, 'Name is taken in this workspace', 'bad_request', 'body.name');
    await user.click(screen.getByRole('button', { name: 'Save and find relevant posts' }));
    expect(await screen.findByText('Name is taken in this workspace')).toBeTruthy();
    expect(textbox('Project name').getAttribute('aria-invalid')).toBe('true');
    expect(textbox('Project name').disabled).toBe(false);
    expect(location.history).toEqual(['/project']);
  });

  it('preview: the page is read-only, with no actions and nothing to save', async () => {
    await renderPage(
      projectFixture({ url: 'https://radar.example', keywords: [crm], reviewed: true }),
      '/project?preview=true',
    );
    for (const name of [
      'Project name',
      'Product link',
      'Filter',
      'Project description',
      'Tone of Voice',
      'Keywords',
    ])
      expect(textbox(name).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate description' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suggest tone of voice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage keyword filter for crm' })).toBeNull();
  });
});
