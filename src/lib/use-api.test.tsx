import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { unstable_serialize } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCacheProvider, useClearApiCache } from './api-cache';
import { useApi } from './use-api';

const fetchMock = vi.fn<typeof fetch>();

function socials(...slugs: string[]): Response {
  const data = slugs.map((slug) => ({ id: slug, slug, name: slug }));
  return new Response(JSON.stringify({ success: true, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const wrapper = ({ children }: { children: ReactNode }) => <ApiCacheProvider>{children}</ApiCacheProvider>;

describe('useApi', () => {
  it('reads a call through the API client', async () => {
    fetchMock.mockImplementation(async () => socials('reddit'));
    const { result } = renderHook(() => useApi('listSocials', {}), { wrapper });
    await waitFor(() =>
      expect(result.current.data).toEqual([{ id: 'reddit', slug: 'reddit', name: 'reddit' }]),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/socials');
  });

  it('keys by name and arguments, so different arguments are different requests', async () => {
    fetchMock.mockImplementation(async () => socials());
    renderHook(
      () => {
        useApi('listPosts', { params: { social: 'reddit' } });
        useApi('listPosts', { params: { social: 'hacker-news' }, query: { keyword: 'crm' } });
      },
      { wrapper },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/posts/reddit',
      '/api/posts/hacker-news?keyword=crm',
    ]);
  });

  it('makes no request while the arguments are null', async () => {
    const { result } = renderHook(() => useApi('listProjects', null), { wrapper });
    await act(async () => undefined);
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives the API error to the caller', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ success: false, data: null, error: { message: 'Nope', code: 'forbidden' } }),
          {
            status: 403,
          },
        ),
    );
    const { result } = renderHook(() => useApi('listSocials', {}, { shouldRetryOnError: false }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.error?.status).toBe(403));
    expect(result.current.error?.message).toBe('Nope');
  });
});

function Socials({ onClear }: { onClear: (clear: () => void) => void }) {
  onClear(useClearApiCache());
  const { data } = useApi('listSocials', {});
  return <p>{data ? data.map((s) => s.slug).join(',') : 'loading'}</p>;
}

describe('the data cache is the signed-in person’s', () => {
  function PersonScreen({ owner, firstData }: { owner: string | null; firstData?: Record<string, unknown> }) {
    return (
      <ApiCacheProvider owner={owner} firstData={firstData}>
        <Socials onClear={() => undefined} />
        <Typed />
      </ApiCacheProvider>
    );
  }
  /** A field whose text lives in the screen: it is lost only when the screen is drawn anew. */
  function Typed() {
    return <input aria-label="Typed" defaultValue="" />;
  }

  it('is a new one, with nothing of the last person, from the render that shows the next', async () => {
    fetchMock.mockImplementation(async () => socials('signed-out'));
    const firstData = {
      [unstable_serialize(['listSocials', {}])]: [{ id: 'r', slug: 'ada-only', name: 'r' }],
    };
    const { rerender } = render(<PersonScreen owner="ada" firstData={firstData} />);
    expect(screen.getByText('ada-only')).toBeTruthy();
    rerender(<PersonScreen owner={null} firstData={firstData} />);
    // Not the page's answers, which were Ada's: asked afresh.
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('signed-out')).toBeTruthy();
    // Drawn once for the next person: what is typed on their screen stays.
    const typed = screen.getByRole('textbox', { name: 'Typed' }) as HTMLInputElement;
    typed.value = 'ada@example.com';
    rerender(<PersonScreen owner={null} firstData={firstData} />);
    expect((screen.getByRole('textbox', { name: 'Typed' }) as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });
});

describe('clearing the data cache', () => {
  it('forgets every answer and asks again, even within the de-duplication window', async () => {
    fetchMock.mockImplementationOnce(async () => socials('first-person'));
    fetchMock.mockImplementationOnce(async () => socials('next-person'));
    let clear: () => void = () => undefined;
    render(<Socials onClear={(fn) => (clear = fn)} />, { wrapper });
    expect(await screen.findByText('first-person')).toBeTruthy();
    act(() => clear());
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('next-person')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('the first screen’s data the page came with', () => {
  const pageSocials = [{ id: 'reddit', slug: 'reddit', name: 'Reddit' }];
  const withPage = (firstData: Record<string, unknown>) =>
    function PageWrapper({ children }: { children: ReactNode }) {
      return <ApiCacheProvider firstData={firstData}>{children}</ApiCacheProvider>;
    };

  it('is shown on the first render, and not asked for again by the hooks that mount with it', async () => {
    const pageWrapper = withPage({ [unstable_serialize(['listSocials', {}])]: pageSocials });
    const { result } = renderHook(
      () => {
        const first = useApi('listSocials', {});
        const second = useApi('listSocials', {});
        return [first.data, second.data];
      },
      { wrapper: pageWrapper },
    );
    expect(result.current).toEqual([pageSocials, pageSocials]);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is asked for again when the screen asks (Check for Results, polling): that reaches the server', async () => {
    fetchMock.mockImplementation(async () => socials('hackernews'));
    const pageWrapper = withPage({ [unstable_serialize(['listSocials', {}])]: pageSocials });
    // Read during render, as a screen does (SWR re-renders only for what the render read).
    const { result } = renderHook(
      () => {
        const call = useApi('listSocials', {});
        return { slugs: call.data?.map((social) => social.slug), mutate: call.mutate };
      },
      { wrapper: pageWrapper },
    );
    expect(result.current.slugs).toEqual(['reddit']);
    await act(async () => {
      await result.current.mutate();
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.slugs).toEqual(['hackernews']));
  });

  it('is forgotten with the rest when the cache is cleared (log out)', async () => {
    fetchMock.mockImplementation(async () => socials('next-person'));
    let clear: () => void = () => undefined;
    render(<Socials onClear={(fn) => (clear = fn)} />, {
      wrapper: withPage({ [unstable_serialize(['listSocials', {}])]: pageSocials }),
    });
    expect(screen.getByText('reddit')).toBeTruthy();
    act(() => clear());
    expect(await screen.findByText('next-person')).toBeTruthy();
  });
});
