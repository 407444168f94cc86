import type { AutopostingStatus } from '@contract/entities';
import { failureResponse, projectFixture } from '@tests/support/api-fixtures';
import { ok } from '@tests/support/app-test-utils';
import { vi } from 'vitest';

/** One request the app made: method, path and JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (body: unknown) => Response | Promise<Response>;

/** How a held call ends: the status the server then holds, and the failure it answers, if any. */
export interface HeldAnswer {
  status: AutopostingStatus;
  failure?: { status: number; message: string };
}

/**
 * The setup-autoposting calls of section 7 as a test's `fetch`: the status is `status`, which each call
 * moves on as the server would (start → userData, user-data → creatingProfile, check and recheck →
 * checkSocials, finish → finish); a test moves it on by hand where the server works on its own (the
 * profile made, a check done). `failNext` answers the next call to a path with an error instead.
 */
export class SetupServer {
  status: AutopostingStatus = { step: 'initial', socialsResponse: {} };
  readonly requests: SentRequest[] = [];
  countries = ['US', 'DE', 'FR', 'GB'];
  /** The project's `autopostingSetup`, which finish sets as the server does. */
  projectSetUp = false;
  /** False: every request fails as it does offline (no response at all). */
  reachable = true;
  readonly failNext = new Map<string, () => Response>();
  readonly holdNext = new Map<string, Handler>();
  readonly fetch = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (!this.reachable) throw new TypeError('Failed to fetch');
    this.requests.push({ method, path: url.pathname, body });
    const key = `${method} ${url.pathname}`;
    const failure = this.failNext.get(key);
    if (failure) {
      this.failNext.delete(key);
      return failure();
    }
    const held = this.holdNext.get(key);
    if (held) {
      this.holdNext.delete(key);
      return held(body);
    }
    const handler = this.handlers[key];
    if (!handler) throw new Error(`No handler for ${key}`);
    return handler(body);
  });

  private readonly moveTo = (step: AutopostingStatus['step']) => () => {
    this.status = { ...this.status, step };
    return ok(this.status);
  };

  private readonly handlers: Record<string, Handler> = {
    'GET /api/projects': () =>
      ok([projectFixture({ id: 'p1', name: 'Radar', reviewed: true, autopostingSetup: this.projectSetUp })]),
    'GET /api/socials': () =>
      ok([
        { id: 's1', slug: 'reddit', name: 'Reddit' },
        { id: 's2', slug: 'x', name: 'X (Twitter)' },
        { id: 's3', slug: 'linkedin', name: 'LinkedIn' },
      ]),
    'GET /api/setup-autoposting': () => ok(this.status),
    'GET /api/setup-autoposting/countries': () => ok({ countries: this.countries }),
    'POST /api/setup-autoposting/start': this.moveTo('userData'),
    'POST /api/setup-autoposting/user-data': this.moveTo('creatingProfile'),
    'POST /api/setup-autoposting/check-socials': this.moveTo('checkSocials'),
    'POST /api/setup-autoposting/recheck-socials': this.moveTo('checkSocials'),
    'POST /api/setup-autoposting/finish': () => {
      this.projectSetUp = true;
      return this.moveTo('finish')();
    },
    'PUT /api/setup-autoposting/settings': (body) => {
      this.status = { ...this.status, ...(body as Partial<AutopostingStatus>) };
      return ok(this.status);
    },
  };

  /** The requests made to `method path`. */
  sent(method: string, path: string): SentRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  /** How many times the status was asked for. */
  statusReads(): number {
    return this.sent('GET', '/api/setup-autoposting').length;
  }

  /**
   * Makes the next `method path` work as the real server does (decision 035): the step is `working` at
   * once (a status read sees it), and the call answers only when the test calls the returned function:
   * the server then holds `status`, and answers it, or `failure` when one is given.
   */
  holdNextCall(
    method: string,
    path: string,
    working: AutopostingStatus['step'],
  ): (answer: HeldAnswer) => void {
    let release: (answer: HeldAnswer) => void = () => undefined;
    const answered = new Promise<HeldAnswer>((resolve) => (release = resolve));
    this.holdNext.set(`${method} ${path}`, async () => {
      this.status = { ...this.status, step: working, problem: null };
      const { status, failure } = await answered;
      this.status = status;
      return failure ? failureResponse(failure.status, failure.message, 'bad_request') : ok(status);
    });
    return release;
  }

  /** Answers the next `method path` with an error envelope. */
  failNextCall(method: string, path: string, status: number, message: string, field?: string): void {
    this.failNext.set(`${method} ${path}`, () => failureResponse(status, message, 'bad_request', field));
  }
}
