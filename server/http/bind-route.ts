import type { RouteDef } from '@contract/api';
import type { Context, Hono } from 'hono';
import { config, locales, type z } from 'zod/mini';
import type { Principal } from '../auth/principal';
import { HttpError, ok } from './envelope';

// The contract's schemas are zod/mini, which says only 'Invalid input' until it is given a language. The
// 400s name the reason in English ('Too big: expected string to have <=2000 characters'): classic zod,
// which other server modules import, would set that too, but the 400s should not depend on them.
config(locales.en());

export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal;
  };
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface RouteInput<R extends RouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
}

export type Authenticate = (c: Context<AppEnv>) => Promise<Principal>;

/** Turns a schema failure into a 400 that names the field and the reason. */
export function badInput(error: z.core.$ZodError, where: 'body' | 'query' | 'params'): HttpError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  return new HttpError(400, 'bad_request', issue?.message ?? `Invalid ${where}`, field);
}

/** A request body's JSON: an empty body is `{}`; anything else that is not JSON is a 400 naming `body`. */
async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body must be valid JSON', 'body');
  }
}

function parse<S extends z.ZodMiniType | undefined>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'params',
) {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw badInput(result.error, where);
  return result.data as Out<S>;
}

type Handler<R extends RouteDef> = (c: Context<AppEnv>, input: RouteInput<R>) => Promise<z.input<R['data']>>;

export type Bind = <R extends RouteDef>(route: R, handler: Handler<R>, status?: 200 | 201) => void;

/** The answer to a call that needs a subscription, from a caller whose workspace has none. */
function subscriptionRequired(): HttpError {
  return new HttpError(
    402,
    'subscription_required',
    'An active subscription is required: choose a plan to continue',
  );
}

/**
 * Makes the function that registers contract routes: it authenticates when the contract says so,
 * refuses a call that needs a subscription (every token call but those marked `subscription: false`)
 * when none applies to the caller, parses params, query and body with the contract's schemas, and
 * wraps what the handler returns in the envelope.
 */
export function createBinder(app: Hono<AppEnv>, authenticate: Authenticate): Bind {
  return (route, handler, status = 200) => {
    const needsSubscription = route.subscription !== false;
    app.on(route.method, route.path, async (c) => {
      if (route.auth === 'token') {
        const principal = await authenticate(c);
        if (needsSubscription && !principal.subscribed) throw subscriptionRequired();
        c.set('principal', principal);
      }
      const input = {
        params: parse(route.params, c.req.param(), 'params'),
        query: parse(route.query, c.req.query(), 'query'),
        body: route.method === 'GET' ? undefined : parse(route.body, await readJson(c), 'body'),
      } as RouteInput<typeof route>;
      return ok(c, await handler(c, input), status);
    });
  };
}
