import type { RouteBody, RouteQuery } from '@contract/api';
import { type Api, api, buildPath, type RouteData, type RouteName, type RouteParams } from '@contract/api';
import { type ApiErrorBody, errorCodeForStatus } from '@contract/envelope';
import { buildQuery } from '@contract/first-answers';
import { serverReach } from '@/lib/server-reach';

/** The arguments of one call: path params when the route has any, query and body when it takes them. */
export type CallArgs<N extends RouteName> = ([RouteParams<N>] extends [never]
  ? { params?: never }
  : { params: RouteParams<N> }) &
  ([RouteQuery<N>] extends [never] ? { query?: never } : { query?: RouteQuery<N> }) &
  ([RouteBody<N>] extends [never]
    ? { body?: never }
    : Record<string, never> extends RouteBody<N>
      ? { body?: RouteBody<N> }
      : { body: RouteBody<N> }) & {
    /** Sends this project as `project-id` instead of the current one (a change queued under another project). */
    projectId?: string;
  };

/** `args` may be left out when a route needs none. */
type CallRest<N extends RouteName> =
  Record<string, never> extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];

/** A call that failed: the parsed error envelope of the response, plus its HTTP status (0 when none came). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly success: false = false;
  readonly data: unknown;
  readonly error: ApiErrorBody;

  constructor(status: number, error: ApiErrorBody, data: unknown = null) {
    super(error.message);
    this.status = status;
    this.error = error;
    this.data = data;
  }

  get code(): string {
    return this.error.code;
  }
}

/** Shown when a request never reached the server (offline, or the server is down). */
export const unreachableMessage = "Can't reach ReplyRadar. Check your connection and try again.";

/** True when a call never reached the server (offline, or the server is down): no status came back. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** What to tell a person about a failed call: the server's message, or that the server could not be reached. */
export function apiFailureMessage(error: unknown): string {
  return error instanceof ApiError && !isUnreachable(error) ? error.message : unreachableMessage;
}

export interface ApiCallInfo {
  name: RouteName;
  method: string;
  path: string;
}

export type ApiErrorHook = (error: ApiError, call: ApiCallInfo) => void;
export type ApiResponseHook = (response: { status: number; body: unknown }, call: ApiCallInfo) => void;

export interface ApiClientConfig {
  /** The current session token; `null` when signed out. */
  getToken: () => Promise<string | null> | string | null;
  /** The current project, sent as the `project-id` header once one exists. */
  getProjectId: () => string | null | undefined;
  /** Origin of the API host; the app's own origin by default. */
  baseUrl: string;
}

const config: ApiClientConfig = { getToken: () => null, getProjectId: () => null, baseUrl: '' };
const errorHooks = new Set<ApiErrorHook>();
const responseHooks = new Set<ApiResponseHook>();

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  Object.assign(config, next);
}

/** Runs `hook` on every response with status 400 or above, before the call throws. Returns an unsubscribe. */
export function onApiError(hook: ApiErrorHook): () => void {
  errorHooks.add(hook);
  return () => errorHooks.delete(hook);
}

/** Runs `hook` on every successful response, before the call returns. Returns an unsubscribe. */
export function onApiResponse(hook: ApiResponseHook): () => void {
  responseHooks.add(hook);
  return () => responseHooks.delete(hook);
}

function runHooks<H extends (...args: never[]) => void>(hooks: Set<H>, ...args: Parameters<H>): void {
  for (const hook of hooks) {
    try {
      hook(...args);
    } catch (error) {
      console.error('API hook failed', error);
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorBodyOf(body: unknown, response: Response): ApiErrorBody {
  if (isRecord(body) && isRecord(body.error)) {
    const { message, code, field } = body.error;
    if (typeof message === 'string' && typeof code === 'string') {
      return typeof field === 'string' ? { message, code, field } : { message, code };
    }
  }
  return {
    message: response.statusText || `Request failed with status ${response.status}`,
    code: errorCodeForStatus(response.status),
  };
}

async function readJson(response: Response): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await response.json() };
  } catch {
    return { ok: false };
  }
}

async function send(route: Api[RouteName], url: string, projectId: string | null, body: unknown) {
  // The local-account routes are authenticated by the session cookie; asking for a token there would
  // make a token refresh wait for itself.
  const token = route.auth === 'token' ? await config.getToken() : null;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Authorization: token ?? '',
  };
  if (projectId) headers['project-id'] = projectId;
  try {
    return await fetch(`${config.baseUrl}${url}`, {
      method: route.method,
      headers,
      body: route.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
  } catch (cause) {
    serverReach.set(false);
    throw new ApiError(0, {
      message: cause instanceof Error ? cause.message : 'Network request failed',
      code: 'network_error',
    });
  }
}

async function request<N extends RouteName>(name: N, args: CallArgs<N> | undefined): Promise<RouteData<N>> {
  const route: Api[N] = api[name];
  const {
    params,
    query,
    body,
    projectId: projectOverride,
  } = (args ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    projectId?: string;
  };
  const path = buildPath(route.path, params);
  const url = `${path}${buildQuery(query)}`;
  const info: ApiCallInfo = { name, method: route.method, path };
  const projectId = projectOverride ?? config.getProjectId() ?? null;

  const response = await send(route, url, projectId, body);

  // 204 returns before any hook runs, as the specification orders it.
  if (response.status === 204) {
    serverReach.set(true);
    return undefined as RouteData<N>;
  }

  const json = await readJson(response);
  // A 5xx without the API's envelope is a proxy's page: the server itself was not reached.
  serverReach.set(response.status < 500 || (json.ok && isRecord(json.body) && 'success' in json.body));
  if (response.status >= 400) {
    const parsed = json.ok ? json.body : undefined;
    const error = new ApiError(
      response.status,
      errorBodyOf(parsed, response),
      isRecord(parsed) ? (parsed.data ?? null) : null,
    );
    runHooks(errorHooks, error, info);
    throw error;
  }
  if (!json.ok) {
    throw new ApiError(response.status, {
      message: 'The server answered with something other than JSON',
      code: 'bad_response',
    });
  }

  runHooks(responseHooks, { status: response.status, body: json.body }, info);
  const data = route.data.safeParse(isRecord(json.body) ? json.body.data : undefined);
  if (!data.success) {
    throw new ApiError(response.status, {
      message: `Unexpected response from ${route.method} ${route.path}`,
      code: 'bad_response',
    });
  }
  return data.data as RouteData<N>;
}

/** The one API client: every call of `contract/api.ts`, with the headers and response handling of the spec. */
export const apiClient = {
  /** Calls route `name`; `args` may be left out when the route needs none. */
  call<N extends RouteName>(name: N, ...rest: CallRest<N>): Promise<RouteData<N>> {
    return request(name, rest[0]);
  },
  /** The same call with its arguments as one value, for callers that hold them as data (SWR keys). */
  request,
};
