import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageServer, startPageServer } from '../../tests/support/page-server';
import { isBlockedAddress } from './blocked-addresses';
import { createSafeFetcher, parseAllowedHost, SafeFetchError, type SafeFetchErrorKind } from './safe-fetch';

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(() => pages?.close());

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

const expectRefused = async (promise: Promise<unknown>, kind: SafeFetchErrorKind) =>
  expect((await failure(promise)).kind).toBe(kind);

describe('reading a page a person gave', () => {
  const fetcher = createSafeFetcher({ allowHosts: ['127.0.0.1'] });

  it('reads an HTML page and says who is asking', async () => {
    const page = await fetcher.fetchPage(`${pages.origin}/product`);
    expect(page).toMatchObject({ status: 200, contentType: 'text/html', url: `${pages.origin}/product` });
    expect(page.text).toContain('<title>Tallybird');
    expect(pages.requests.at(-1)?.userAgent).toMatch(/^ReplyRadarBot\/\S+ \(.+\)$/);
  });

  it('accepts plain text and refuses anything else', async () => {
    expect((await fetcher.fetchPage(`${pages.origin}/notes.txt`)).contentType).toBe('text/plain');
    const error = await failure(fetcher.fetchPage(`${pages.origin}/brochure.pdf`));
    expect(error.kind).toBe('not_html');
    expect(error.message).toBe(
      "The link is not a web page (it is application/pdf). Give the address of your product's page.",
    );
  });

  it('follows up to 5 redirects and refuses a sixth or a loop', async () => {
    const page = await fetcher.fetchPage(`${pages.origin}/hop/5`);
    expect(page.url).toBe(`${pages.origin}/product`);
    await expectRefused(fetcher.fetchPage(`${pages.origin}/hop/6`), 'too_many_redirects');
    const error = await failure(fetcher.fetchPage(`${pages.origin}/loop`));
    expect(error.message).toBe('The link redirects more than 5 times. Use the final address of the page.');
  });

  it('stops reading a page beyond 2 MB', async () => {
    const error = await failure(fetcher.fetchPage(`${pages.origin}/huge`));
    expect(error.kind).toBe('too_large');
    expect(error.message).toBe('The page is larger than 2 MB, so ReplyRadar stopped reading it.');
  });

  it('unpacks a compressed page, and stops when it unpacks beyond 2 MB', async () => {
    expect((await fetcher.fetchPage(`${pages.origin}/gzip`)).text).toContain('<title>Tallybird');
    await expectRefused(fetcher.fetchPage(`${pages.origin}/gzip-bomb`), 'too_large');
  });

  it('gives up on a page that does not answer in time', async () => {
    // The page answers only after 30 s: a 'timeout' failure is the fetcher giving up on its own.
    const quick = createSafeFetcher({ allowHosts: ['127.0.0.1'], timeoutMs: 300 });
    const error = await failure(quick.fetchPage(`${pages.origin}/slow`));
    expect(error.kind).toBe('timeout');
  });

  it('refuses an error status, a link that is not http(s), and a link with credentials', async () => {
    const missing = await failure(fetcher.fetchPage(`${pages.origin}/missing`));
    expect(missing).toMatchObject({ kind: 'bad_status', message: expect.stringContaining('status 404') });
    await expectRefused(fetcher.fetchPage('file:///etc/passwd'), 'invalid_url');
    await expectRefused(fetcher.fetchPage('ftp://example.com/'), 'invalid_url');
    await expectRefused(fetcher.fetchPage('not a url'), 'invalid_url');
    await expectRefused(fetcher.fetchPage(`http://user:pw@127.0.0.1:${pages.port}/product`), 'invalid_url');
  });
});

describe('the address guard', () => {
  const guarded = createSafeFetcher();

  it('refuses loopback, link-local and private addresses when no host is allowed', async () => {
    const before = pages.requests.length;
    for (const url of [
      `${pages.origin}/product`,
      `http://localhost:${pages.port}/product`,
      `http://[::1]:${pages.port}/product`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      `http://[::ffff:127.0.0.1]:${pages.port}/product`,
      'http://0.0.0.0/',
      `http://2130706433:${pages.port}/product`, // 127.0.0.1 written as one number
      `http://0x7f.1:${pages.port}/product`,
    ]) {
      const error = await failure(guarded.fetchPage(url));
      expect(error.kind, url).toBe('blocked_address');
      expect(error.message).toMatch(/^ReplyRadar does not read pages on private or local network addresses/);
    }
    expect(pages.requests.length).toBe(before);
  });

  it('refuses a redirect from an allowed host to a blocked one', async () => {
    const fetcher = createSafeFetcher({ allowHosts: ['127.0.0.1'] });
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      `http://localhost:${pages.port}/product`,
      'http://10.0.0.1/admin',
    ]) {
      const url = `${pages.origin}/redirect?to=${encodeURIComponent(to)}`;
      await expectRefused(fetcher.fetchPage(url), 'blocked_address');
    }
  });

  it('refuses a name that resolves to a private address, even beside a public one', async () => {
    const fetcher = createSafeFetcher({
      resolve: async (host) =>
        host === 'mixed.example'
          ? [
              { address: '93.184.215.14', family: 4 },
              { address: '10.1.2.3', family: 4 },
            ]
          : [{ address: 'fd00::1', family: 6 }],
    });
    await expectRefused(fetcher.fetchPage('http://mixed.example/'), 'blocked_address');
    await expectRefused(fetcher.fetchPage('https://intranet.example/'), 'blocked_address');
  });

  it('reaches an allowed host with a port only on that port, and one without a port on any', async () => {
    const otherPort = pages.port === 1 ? 2 : 1;
    const onPort = createSafeFetcher({ allowHosts: [`127.0.0.1:${pages.port}`] });
    expect((await onPort.fetchPage(`${pages.origin}/product`)).text).toContain('Tallybird');
    const elsewhere = `http://127.0.0.1:${otherPort}/admin`;
    await expectRefused(onPort.fetchPage(elsewhere), 'blocked_address');
    await expectRefused(
      onPort.fetchPage(`${pages.origin}/redirect?to=${encodeURIComponent(elsewhere)}`),
      'blocked_address',
    );
    await expectRefused(
      createSafeFetcher({ allowHosts: [`127.0.0.1:${otherPort}`] }).fetchPage(`${pages.origin}/product`),
      'blocked_address',
    );
    const named = createSafeFetcher({
      allowHosts: [`Tally.test:${pages.port}`],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect((await named.fetchPage(`http://tally.test:${pages.port}/product`)).status).toBe(200);
    await expectRefused(named.fetchPage('http://tally.test/product'), 'blocked_address');
  });

  it('reads an IPv6 entry with a port in brackets', async () => {
    const v6 = createSafeFetcher({ allowHosts: ['[::1]:8080'], timeoutMs: 2000 });
    await expectRefused(v6.fetchPage('http://[::1]:8081/'), 'blocked_address');
    // Allowed, so it is tried (nothing answers there, or something does: either way not refused as local).
    const error = await v6.fetchPage('http://[::1]:8080/').then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error instanceof SafeFetchError ? error.kind : null).not.toBe('blocked_address');
    expect(parseAllowedHost('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseAllowedHost('[::1]')).toEqual({ host: '::1', port: null });
    expect(parseAllowedHost('::1')).toEqual({ host: '::1', port: null });
    expect(parseAllowedHost('LocalHost:3000')).toEqual({ host: 'localhost', port: 3000 });
    for (const wrong of ['[::1]:', 'host:99999', 'host:0', '[not-v6]:80', 'a b', 'http://x']) {
      expect(parseAllowedHost(wrong), wrong).toBeNull();
    }
  });

  it('connects to the address it checked, not to a second lookup', async () => {
    let lookups = 0;
    const fetcher = createSafeFetcher({
      allowHosts: ['tally.test'],
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const page = await fetcher.fetchPage(`http://tally.test:${pages.port}/product`);
    expect(page.text).toContain('Tallybird');
    expect(lookups).toBe(1);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['100.128.0.1', false],
    ['169.254.169.254', true],
    ['224.0.0.251', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::', true],
    ['::1', true],
    ['fe80::1%eth0', true],
    ['fc00::1', true],
    ['fd12:3456::1', true],
    ['ff02::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', true],
    ['2002:c0a8:101::1', true],
    ['2606:4700:4700::1111', false],
    ['2001:4860:4860::8888', false],
    ['not-an-ip', true],
  ])('%s is blocked: %s', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });
});
