import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureResponse, projectFixture } from '@tests/support/api-fixtures';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '@/lib/use-api';
import { generatePayload, ProjectOnboardingPage } from './project-onboarding-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function requests(path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === path);
}

/** Stands for the app's current-project reader, which keeps the projects list mounted above every page. */
function ProjectsReader() {
  useApi('listProjects', {});
  return null;
}

function renderPage() {
  const { Wrapper, location } = withApp('/onboarding/project', fakeAuth());
  render(
    <>
      <ProjectsReader />
      <ProjectOnboardingPage />
    </>,
    { wrapper: Wrapper },
  );
  return { location, user: userEvent.setup() };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('project onboarding', () => {
  it('shows the title, the text and the fields of the specification', () => {
    fetchMock.mockImplementation(async () => ok([]));
    renderPage();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Add information about your project for finding relevance posts',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/generate the tone of voice, product descriptions and keywords/)).toBeTruthy();
    expect(screen.getByText(/change it later/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Product link' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: "I don't have website" })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Filter' })).toBeTruthy();
    expect(continueButton()).toBeTruthy();
    expect(screen.getByRole('form').parentElement?.className).toContain('w-[320px]');
  });

  it("says 'Required' for an empty link and goal, and sends nothing", async () => {
    const { user } = renderPage();
    fetchMock.mockImplementation(async () => ok([]));
    await user.click(continueButton());
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(requests('/api/projects/generate')).toHaveLength(0);
  });

  it("says 'Invalid url' while the link is not a url, on change", async () => {
    fetchMock.mockImplementation(async () => ok([]));
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Product link' }), 'not a url');
    expect(await screen.findByText('Invalid url')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Product link' }));
    await user.type(screen.getByRole('textbox', { name: 'Product link' }), 'https://radar.example');
    await waitFor(() => expect(screen.queryByText('Invalid url')).toBeNull());
  });

  it("'I don't have website' swaps the product link for a description, which is then required", async () => {
    fetchMock.mockImplementation(async () => ok([]));
    const { user } = renderPage();
    await user.click(screen.getByRole('checkbox', { name: "I don't have website" }));
    expect(screen.queryByRole('textbox', { name: 'Product link' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Founders looking for a CRM');
    await user.click(continueButton());
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Description' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests('/api/projects/generate')).toHaveLength(0);
  });

  it('sends goal, noWebsite, url and hasWebsite; then refetches the projects and goes to the project page', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/projects/generate')
        return new Promise<Response>((resolve) => (answer = resolve));
      return ok([projectFixture()]);
    });
    const { user, location } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Product link' }), 'https://radar.example');
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Founders looking for a CRM');
    await user.click(continueButton());

    await waitFor(() => expect(requests('/api/projects/generate')).toHaveLength(1));
    const [, init] = requests('/api/projects/generate')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      goal: 'Founders looking for a CRM',
      noWebsite: false,
      hasWebsite: true,
      url: 'https://radar.example',
    });

    // Generation takes a while: the fields are disabled, the button busy, and a line says what happens.
    expect((screen.getByRole('textbox', { name: 'Product link' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Filter' }) as HTMLInputElement).disabled).toBe(true);
    expect(continueButton().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Reading your page and suggesting keywords…')).toBeTruthy();

    const listedBefore = requests('/api/projects').length;
    answer(ok(projectFixture({ url: 'https://radar.example' })));
    await waitFor(() => expect(location.history.at(-1)).toBe('/project'));
    expect(requests('/api/projects')).toHaveLength(listedBefore + 1);
  });

  it('sends the description instead of a url when there is no website', () => {
    expect(
      generatePayload({
        url: 'https://ignored.example',
        description: 'A CRM',
        noWebsite: true,
        goal: 'Leads',
      }),
    ).toEqual({ goal: 'Leads', noWebsite: true, hasWebsite: false, description: 'A CRM' });
  });

  it('on an error in the response stays on the page and shows its message', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/projects/generate'
        ? failureResponse(400, 'Could not read the page', 'bad_request')
        : ok([]),
    );
    const { user, location } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Product link' }), 'https://radar.example');
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Leads');
    await user.click(continueButton());
    expect(await screen.findByText('Could not read the page')).toBeTruthy();
    expect(location.history).toEqual(['/onboarding/project']);
    expect(requests('/api/projects')).toHaveLength(1); // the first read only, no refetch
    expect((screen.getByRole('textbox', { name: 'Product link' }) as HTMLInputElement).disabled).toBe(false);
  });
});
