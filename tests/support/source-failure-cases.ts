import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceClock } from '../../server/discovery/sources/source-http';
import {
  type Source,
  SourceError,
  type SourceErrorKind,
  type SourceQuery,
} from '../../server/discovery/types';
import { StepClock } from './discovery-doubles';
import { type FakeReply, type FakeSources, startFakeSources } from './sources-fake-server';

export { StepClock };

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
  /** The adapter under test, pointed at the fake, waiting out 429s on `clock`. */
  makeSource(baseUrl: string, timeoutMs: number, clock: SourceClock): Source;
}

/**
 * The failure paths every source shares, against a fake server: 429 with Retry-After, 500, an HTML
 * error page, malformed JSON, 403, a timeout, and the caller's own cancel.
 */
export function describeSourceFailures(network: string, setup: FailureCasesSetup): void {
  describe(`${network}: when the network fails`, () => {
    let fake: FakeSources;
    let clock: StepClock;
    let source: Source;
    let impatient: Source;

    beforeAll(async () => {
      fake = await startFakeSources(setup.routes);
      clock = new StepClock();
      source = setup.makeSource(fake.url, roomyTimeoutMs, clock);
      impatient = setup.makeSource(fake.url, testTimeoutMs, clock);
    });
    afterAll(() => fake?.close());

    const failsWith = async (reply: FakeReply, kind: SourceErrorKind, searcher = source) => {
      fake.once(setup.searchRoute, reply);
      const error = await searchError(searcher);
      expect(error.kind).toBe(kind);
      expect(error.network).toBe(source.slug);
      return error;
    };

    const tooMany = (retryAfter: string): FakeReply => ({
      status: 429,
      headers: { 'retry-after': retryAfter },
      json: { error: 'Too Many Requests' },
    });

    it('waits as long as Retry-After says on a 429, then searches again and finds the posts', async () => {
      const waitsBefore = clock.waits.length;
      const asked = fake.requestsTo(setup.searchRoute).length;
      fake.once(setup.searchRoute, tooMany('30'));
      const posts = await source.search(testQuery());
      expect(clock.waits.slice(waitsBefore)).toEqual([30_000]);
      expect(fake.requestsTo(setup.searchRoute).length - asked).toBeGreaterThanOrEqual(2);
      expect(Array.isArray(posts)).toBe(true);
    });

    it('waits until the time a Retry-After date names', async () => {
      const waitsBefore = clock.waits.length;
      // HTTP dates have whole seconds: 20 s from the clock's now, rounded up to the next second.
      const at = Math.ceil((clock.now() + 20_000) / 1000) * 1000;
      fake.once(setup.searchRoute, tooMany(new Date(at).toUTCString()));
      await source.search(testQuery());
      const waits = clock.waits.slice(waitsBefore);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(20_000);
      expect(waits[0]).toBeLessThanOrEqual(21_000);
    });

    it('says rate_limited with the wait from Retry-After when it is longer than a run waits', async () => {
      const waitsBefore = clock.waits.length;
      const error = await failsWith(tooMany('120'), 'rate_limited');
      expect(error.retryAfterMs).toBe(120_000);
      expect(clock.waits.slice(waitsBefore)).toEqual([]);
    });

    it('says rate_limited when the network still refuses after two waits', async () => {
      const waitsBefore = clock.waits.length;
      for (let i = 0; i < 3; i += 1) fake.once(setup.searchRoute, tooMany('5'));
      const error = await searchError(source);
      expect([error.kind, error.retryAfterMs]).toEqual(['rate_limited', 5_000]);
      expect(clock.waits.slice(waitsBefore)).toEqual([5_000, 5_000]);
    });

    it('tries again when the connection is dropped before an answer, and finds the posts', async () => {
      const waitsBefore = clock.waits.length;
      const asked = fake.requestsTo(setup.searchRoute).length;
      fake.once(setup.searchRoute, { drop: true });
      const posts = await source.search(testQuery());
      expect(Array.isArray(posts)).toBe(true);
      expect(fake.requestsTo(setup.searchRoute).length - asked).toBeGreaterThanOrEqual(2);
      expect(clock.waits.slice(waitsBefore)).toEqual([250]);
    });

    it('says unavailable, naming the network, when the connection drops on every try', async () => {
      const waitsBefore = clock.waits.length;
      for (let i = 0; i < 2; i += 1) fake.once(setup.searchRoute, { drop: true });
      const error = await failsWith({ drop: true }, 'unavailable');
      expect(error.message).toContain('could not be reached');
      expect(clock.waits.slice(waitsBefore)).toEqual([250, 1_000]);
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
