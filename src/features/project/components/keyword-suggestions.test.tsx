import type { Project } from '@contract/entities';
import type { KeywordProposal } from '@contract/keyword-proposals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture } from '@tests/support/api-fixtures';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectPage } from '../project-page';

const fetchMock = vi.fn<typeof fetch>();
const sent: { key: string; body: unknown }[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const proposal = (
  name: string,
  weeklyPosts: number | null,
  more = false,
  filter: string | null = null,
): KeywordProposal => ({ name, filter, weeklyPosts, more });

/** Best first, as the server proposes them; 'crm' is already a keyword (as 'CRM'). */
const proposals = [
  proposal('crm', 120, true),
  proposal('time tracking', 40),
  proposal('invoice reminders', 1),
  proposal('late payments', 100, true, 'overdue -hiring'),
  proposal('billing software', null),
];

async function renderPage(project: Project, path = '/project') {
  fetchMock.mockImplementation(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ key, body });
    if (key === 'GET /api/projects') return ok([project]);
    if (key === 'PUT /api/projects/p1') return ok({ ...project, ...body });
    throw new Error(`No handler for ${key}`);
  });
  const { Wrapper } = withApp(path, fakeAuth());
  // In the app shell's main landmark, as the app shows it.
  render(
    <main>
      <ProjectPage />
    </main>,
    { wrapper: Wrapper },
  );
  await screen.findByRole('heading', { level: 1 });
  return userEvent.setup();
}

const suggestions = () => screen.queryByRole('group', { name: 'Suggested keywords' });
const suggestionNames = () =>
  within(screen.getByRole('group', { name: 'Suggested keywords' }))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
const tagNames = () =>
  Array.from(document.querySelectorAll('[data-part="item"]')).map((el) => el.getAttribute('data-value'));

describe('suggested keywords', () => {
  it('shows, best first, every proposal not among the keywords, each with its posts a week', async () => {
    await renderPage(
      projectFixture({ keywords: [{ name: 'CRM', filter: null }], keywordProposals: proposals }),
    );
    expect(suggestionNames()).toEqual([
      'Add keyword time tracking, 40 posts a week',
      'Add keyword invoice reminders, 1 post a week',
      'Add keyword late payments, 100+ posts a week',
      'Add keyword billing software, No estimate',
    ]);
    const group = within(screen.getByRole('group', { name: 'Suggested keywords' }));
    expect(group.getByText('40 posts a week')).toBeTruthy();
    expect(group.getByText('1 post a week')).toBeTruthy();
    expect(group.getByText('100+ posts a week')).toBeTruthy();
    expect(group.getByText('No estimate')).toBeTruthy();
    expect(group.getByText('time tracking')).toBeTruthy();
  });

  it('a suggestion clicked becomes a keyword tag with its filter and leaves the list; removing the tag brings it back', async () => {
    const user = await renderPage(
      projectFixture({
        reviewed: true,
        keywords: [{ name: 'CRM', filter: null }],
        keywordProposals: proposals,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add keyword late payments, 100+ posts a week' }));
    await waitFor(() => expect(tagNames()).toEqual(['CRM', 'late payments']));
    expect(screen.queryByRole('button', { name: /^Add keyword late payments/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Added keyword late payments');

    // Its filter came with it.
    await user.click(screen.getByRole('button', { name: 'Manage keyword filter for late payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage keyword filter' });
    expect((within(dialog).getByRole('textbox', { name: 'Filter' }) as HTMLTextAreaElement).value).toBe(
      'overdue -hiring',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete tag late payments' }));
    await waitFor(() => expect(tagNames()).toEqual(['CRM']));
    expect(suggestionNames()).toEqual([
      'Add keyword time tracking, 40 posts a week',
      'Add keyword invoice reminders, 1 post a week',
      'Add keyword late payments, 100+ posts a week',
      'Add keyword billing software, No estimate',
    ]);
  });

  it('saves an added suggestion as a keyword with its filter', async () => {
    const user = await renderPage(
      projectFixture({ reviewed: true, keywords: [], keywordProposals: proposals }),
    );
    await user.click(screen.getByRole('button', { name: 'Add keyword late payments, 100+ posts a week' }));
    await user.click(screen.getByRole('button', { name: 'Add keyword time tracking, 40 posts a week' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter(({ key }) => key === 'PUT /api/projects/p1')).toHaveLength(1));
    expect(sent.find(({ key }) => key === 'PUT /api/projects/p1')?.body).toMatchObject({
      keywords: [
        { name: 'late payments', filter: 'overdue -hiring' },
        { name: 'time tracking', filter: '' },
      ],
    });
  });

  it('adds from the keyboard, the focus going on to the next suggestion, then to the keywords input', async () => {
    const user = await renderPage(
      projectFixture({
        keywords: [],
        keywordProposals: [proposal('time tracking', 40), proposal('invoices', 2)],
      }),
    );
    screen.getByRole('button', { name: 'Add keyword time tracking, 40 posts a week' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tagNames()).toEqual(['time tracking']));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Add keyword invoices, 2 posts a week' }),
    );
    await user.keyboard(' ');
    await waitFor(() => expect(tagNames()).toEqual(['time tracking', 'invoices']));
    // None is left to suggest.
    expect(suggestions()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Keywords' }));
  });

  it("at the limit says 'Max 5 keywords allowed' and changes nothing; a freed place takes the suggestion", async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, filter: '' }));
    const user = await renderPage(
      projectFixture({ keywords: five, keywordsLimit: 5, keywordProposals: proposals }),
    );
    expect(screen.queryByText('Max 5 keywords allowed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add keyword time tracking, 40 posts a week' }));
    expect(await screen.findByText('Max 5 keywords allowed')).toBeTruthy();
    expect(tagNames()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(screen.getByRole('button', { name: 'Add keyword time tracking, 40 posts a week' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add keyword crm, 120+ posts a week' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete tag e' }));
    await waitFor(() => expect(screen.queryByText('Max 5 keywords allowed')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add keyword time tracking, 40 posts a week' }));
    await waitFor(() => expect(tagNames()).toEqual(['a', 'b', 'c', 'd', 'time tracking']));
    expect(screen.queryByText('Max 5 keywords allowed')).toBeNull();
  });

  it("a project without proposals shows no 'Suggested keywords'", async () => {
    await renderPage(projectFixture({ keywords: [{ name: 'crm', filter: null }] }));
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toBeTruthy();
    expect(suggestions()).toBeNull();
    expect(screen.queryByText('Suggested keywords')).toBeNull();
  });

  it("a project with an empty list of proposals shows no 'Suggested keywords'", async () => {
    await renderPage(projectFixture({ keywordProposals: [] }));
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toBeTruthy();
    expect(screen.queryByText('Suggested keywords')).toBeNull();
  });

  it("preview: no 'Suggested keywords'", async () => {
    await renderPage(
      projectFixture({ reviewed: true, keywordProposals: proposals }),
      '/project?preview=true',
    );
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toBeTruthy();
    expect(screen.queryByText('Suggested keywords')).toBeNull();
  });

  it('has no axe violations, with the suggestions and with the limit message', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, filter: '' }));
    const user = await renderPage(projectFixture({ keywords: five, keywordProposals: proposals }));
    const rules = { 'color-contrast': { enabled: false } };
    expect((await axe.run(document.body, { rules })).violations.map((violation) => violation.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add keyword time tracking, 40 posts a week' }));
    await screen.findByText('Max 5 keywords allowed');
    expect((await axe.run(document.body, { rules })).violations.map((violation) => violation.id)).toEqual([]);
  });
});
