import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Source,
  SourceError,
  type SourceErrorKind,
  type SourceQuery,
} from '../../server/discovery/types';
import { type FakeReply, type FakeSources, startFakeSources } from './sources-fake-server';

/** A short time limit for the timeout case, and an answer held well past it. */
export const testTimeoutMs = 300;
const heldMs = 1_500;
/** The other cases' limit: roomy, so a busy machine does not turn them into timeouts. */
const roomyTimeoutMs = 5_000;

export const testWindow = {
  since: new Date(Date.now() - 24 * 3_600_000),
  until: new Date(Date.now() - 60_000),
};

export function testQuery(fields: Partial<SourceQuery> = {}): SourceQuery {
  return { keyword: 'social listening', filter: null, limit: 20, ...testWindow, ...fields };
}

/** Runs the search and returns the SourceError it failed with. */
export async function searchError(source: Source, query = testQuery()): Promise<SourceError> {
  try {
    await source.search(query);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return error as SourceError;
  }
  throw new Error(`${source.slug} answered although it should have failed`);
}

export interface FailureCasesSetup {
  /** The fake's routes for a working network (sign-in, token…). */
  routes: Record<string, FakeReply>;
  /** The search route the failures are played on. */
  searchRoute: string;
  /** The adapter under test, pointed at the fake. */
  makeSource(baseUrl: string, timeoutMs: number): Source;
}

/**
 * The failure paths every source shares, against a fake server: 429 with Retry-After, 500, an HTML
 * error page, malformed JSON, 403, a timeout, and the caller's own cancel.
 */
export function describeSourceFailures(network: string, setup: FailureCasesSetup): void {
  describe(`${network}: when the network fails`, () => {
    let fake: FakeSources;
    let source: Source;
    let impatient: Source;

    beforeAll(async () => {
      fake = await startFakeSources(setup.routes);
      source = setup.makeSource(fake.url, roomyTimeoutMs);
      impatient = setup.makeSource(fake.url, testTimeoutMs);
    });
    afterAll(() => fake?.close());

    const failsWith = async (reply: FakeReply, kind: SourceErrorKind, searcher = source) => {
      fake.once(setup.searchRoute, reply);
      const error = await searchError(searcher);
      expect(error.kind).toBe(kind);
      expect(error.network).toBe(source.slug);
      return error;
    };

    it('says rate_limited with the wait from Retry-After on a 429', async () => {
      const error = await failsWith(
        { status: 429, headers: { 'retry-after': '30' }, json: { error: 'Too Many Requests' } },
        'rate_limited',
      );
      expect(error.retryAfterMs).toBe(30_000);
    });

    it('says unavailable on a 500', async () => {
      await failsWith({ status: 500, json: { error: 'internal' } }, 'unavailable');
    });

    it('says unavailable on a 503 maintenance page', async () => {
      await failsWith({ status: 503, fixture: 'error-page.html' }, 'unavailable');
    });

    it('says bad_response on an HTML page answered with 200', async () => {
      const error = await failsWith({ status: 200, fixture: 'error-page.html' }, 'bad_response');
      expect(error.message).toMatch(/HTML page/);
    });

    it('says bad_response on malformed JSON', async () => {
      const error = await failsWith({ status: 200, text: '{"hits": [{"objectID": ' }, 'bad_response');
      expect(error.message).toMatch(/malformed JSON/);
    });

    it('says bad_response on JSON in a shape the network does not document', async () => {
      await failsWith({ status: 200, json: { unexpected: true } }, 'bad_response');
    });

    it('says unauthorized on a 403', async () => {
      await failsWith({ status: 403, json: { error: 'Forbidden' } }, 'unauthorized');
    });

    it('says timeout when the answer takes longer than its time limit', async () => {
      const started = Date.now();
      await failsWith({ delayMs: heldMs, json: {} }, 'timeout', impatient);
      expect(Date.now() - started).toBeLessThan(heldMs);
    });

    it("stops at once when the caller's signal aborts, with the caller's reason", async () => {
      fake.once(setup.searchRoute, { delayMs: heldMs, json: {} });
      const controller = new AbortController();
      const reason = new Error('run cancelled');
      setTimeout(() => controller.abort(reason), 20);
      await expect(source.search(testQuery({ signal: controller.signal }))).rejects.toBe(reason);
    });
  });
}
