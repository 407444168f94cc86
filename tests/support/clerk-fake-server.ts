import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clerkJsDist } from './clerk-js-package';
import { type ClerkKeyPair, signClerkToken } from './clerk-tokens';
import { freePort } from './product-server';

/**
 * The host the fake stands for. Clerk's host is written in the publishable key, and the browser is told
 * to reach this name at the fake's port (`chromiumFlags`).
 */
export const fakeClerkHost = 'clerk.replyradar.test';

/** A development instance's publishable key naming `fakeClerkHost`, as Clerk's dashboard gives one. */
export const fakeClerkPublishableKey = `pk_test_${Buffer.from(`${fakeClerkHost}$`).toString('base64')}`;

export interface FakeClerkPerson {
  email: string;
  password: string;
  username: string;
  organization: { name: string; slug: string };
}

interface Session {
  id: string;
  status: 'active' | 'ended' | 'expired';
  /** Clerk's organisation id the session works in (its last active one). */
  organizationId: string | null;
  createdAt: number;
}

export interface ClerkFakeServer {
  /** The Chromium flags that send `fakeClerkHost` to this fake and accept its own certificate. */
  chromiumFlags: string[];
  userId: string;
  organizationId: string;
  /** The session tokens signed so far (each one the product may verify). */
  tokensMinted(): number;
  /** Requests the fake had no answer for (method and path), to see what else clerk-js asked. */
  unanswered(): string[];
  /** Every request of the Frontend API so far (method and path, ids as `{id}`), in order. */
  requests(): string[];
  /** Stops answering, as when Clerk cannot be reached; `resume` answers again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** A self-signed certificate for `fakeClerkHost`: clerk-js speaks to Clerk's host over https only. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'clerk-fake-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${fakeClerkHost}`,
        '-addext',
        `subjectAltName=DNS:${fakeClerkHost}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(new URLSearchParams(text)));
    request.on('error', reject);
  });
}

/** Clerk's Frontend API answers credentialed requests from the app's origin. */
function corsHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': request.headers.origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'content-type',
    Vary: 'Origin',
  };
}

/** What the instance allows: sign-in with email and password, organisations on. */
function environment() {
  const attribute = (enabled: boolean, firstFactors: string[] = []) => ({
    enabled,
    required: enabled,
    used_for_first_factor: firstFactors.length > 0,
    first_factors: firstFactors,
    used_for_second_factor: false,
    second_factors: [],
    verifications: enabled && firstFactors.length > 0 ? ['email_code'] : [],
    verify_at_sign_up: false,
  });
  return {
    object: 'environment',
    id: 'env_replyradar_fake',
    maintenance_mode: false,
    auth_config: {
      object: 'auth_config',
      id: 'aac_fake',
      single_session_mode: true,
      claimed_at: null,
      reverification: false,
    },
    display_config: {
      object: 'display_config',
      id: 'display_config_fake',
      instance_environment_type: 'development',
      application_name: 'ReplyRadar',
      preferred_sign_in_strategy: 'password',
      branded: false,
      show_devmode_warning: false,
      captcha_public_key: null,
      captcha_widget_type: null,
      captcha_provider: null,
      captcha_public_key_invisible: null,
      captcha_oauth_bypass: [],
      captcha_heartbeat: false,
      home_url: '',
      sign_in_url: '',
      sign_up_url: '',
      user_profile_url: '',
      organization_profile_url: '',
      create_organization_url: '',
      after_sign_in_url: '',
      after_sign_up_url: '',
      after_sign_out_one_url: '',
      after_sign_out_all_url: '',
      after_switch_session_url: '',
      after_leave_organization_url: '',
      after_create_organization_url: '',
      waitlist_url: '',
      after_join_waitlist_url: '',
      logo_image_url: '',
      favicon_image_url: '',
      support_email: '',
      terms_url: null,
      privacy_policy_url: null,
      google_one_tap_client_id: null,
      theme: {
        buttons: { font_color: '#ffffff', font_family: 'sans-serif', font_weight: '600' },
        general: {
          color: '#0f172a',
          padding: '1em',
          box_shadow: 'none',
          font_color: '#0f172a',
          font_family: 'sans-serif',
          border_radius: '0.5em',
          background_color: '#ffffff',
          label_font_weight: '600',
        },
        accounts: { background_color: '#ffffff' },
      },
    },
    user_settings: {
      attributes: {
        email_address: attribute(true, ['email_code']),
        password: attribute(true),
        username: attribute(false),
        phone_number: attribute(false),
        web3_wallet: attribute(false),
        first_name: attribute(false),
        last_name: attribute(false),
        authenticator_app: attribute(false),
        backup_code: attribute(false),
        passkey: attribute(false),
      },
      social: {},
      saml: { enabled: false },
      enterprise_sso: { enabled: false },
      sign_in: { second_factor: { required: false } },
      sign_up: { captcha_enabled: false, progressive: true, mode: 'public', legal_consent_enabled: false },
      password_settings: {
        disable_hibp: true,
        min_length: 8,
        max_length: 72,
        require_special_char: false,
        require_numbers: false,
        require_uppercase: false,
        require_lowercase: false,
        show_zxcvbn: false,
        min_zxcvbn_strength: 0,
        enforce_hibp_on_sign_in: false,
        allowed_special_characters: '',
      },
      actions: { delete_self: false, create_organization: true },
    },
    organization_settings: {
      enabled: true,
      max_allowed_memberships: 5,
      force_organization_selection: false,
      actions: { admin_delete: true },
      domains: { enabled: false, enrollment_modes: [], default_role: null },
      slug: { disabled: false },
    },
    commerce_settings: {
      billing: {
        stripe_publishable_key: null,
        organization: { enabled: false, has_paid_plans: false },
        user: { enabled: false, has_paid_plans: false },
      },
    },
    api_keys_settings: { enabled: false },
  };
}

/**
 * A local stand-in for Clerk: its Frontend API as clerk-js 5 speaks it (environment, client, sign-in
 * with a password, sessions and their tokens, the person's organisations) and Clerk's script itself,
 * served from the clerk-js package. One person with one organisation; one browser client (the fake
 * ignores Clerk's client cookie: every request is that client's). Session tokens are signed with `key`,
 * whose public half the product verifies (`CLERK_JWT_KEY`).
 */
export async function startClerkFake(
  person: FakeClerkPerson,
  key: ClerkKeyPair,
  /** How long a session token lasts, in seconds: Clerk's default is 60. */
  { tokenLifetimeSeconds = 60 }: { tokenLifetimeSeconds?: number } = {},
): Promise<ClerkFakeServer> {
  const dist = clerkJsDist();
  const port = await freePort();
  const tls = certificate();
  const userId = id('user');
  const emailId = id('idn');
  const organizationId = id('org');
  const clientId = id('client');
  const createdAt = Date.now() - 86_400_000;
  const sessions = new Map<string, Session>();
  let lastActiveSessionId: string | null = null;
  let minted = 0;
  const unanswered: string[] = [];
  const requests: string[] = [];

  const organizationJson = () => ({
    object: 'organization',
    id: organizationId,
    name: person.organization.name,
    slug: person.organization.slug,
    image_url: '',
    has_image: false,
    members_count: 1,
    pending_invitations_count: 0,
    max_allowed_memberships: 5,
    admin_delete_enabled: true,
    public_metadata: {},
    created_at: createdAt,
    updated_at: createdAt,
  });
  const publicUserData = () => ({
    first_name: null,
    last_name: null,
    image_url: '',
    has_image: false,
    identifier: person.email,
    user_id: userId,
  });
  const membershipJson = () => ({
    object: 'organization_membership',
    id: `orgmem_${organizationId}`,
    organization: organizationJson(),
    public_metadata: {},
    public_user_data: publicUserData(),
    role: 'org:admin',
    role_name: 'Admin',
    permissions: [],
    created_at: createdAt,
    updated_at: createdAt,
  });
  const userJson = () => ({
    object: 'user',
    id: userId,
    username: person.username,
    first_name: null,
    last_name: null,
    image_url: '',
    has_image: false,
    primary_email_address_id: emailId,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    email_addresses: [
      {
        object: 'email_address',
        id: emailId,
        email_address: person.email,
        verification: { status: 'verified', strategy: 'email_code', attempts: 1, expire_at: null },
        linked_to: [],
        matches_sso_connection: false,
      },
    ],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    enterprise_accounts: [],
    saml_accounts: [],
    passkeys: [],
    organization_memberships: [membershipJson()],
    password_enabled: true,
    totp_enabled: false,
    backup_code_enabled: false,
    two_factor_enabled: false,
    create_organization_enabled: true,
    delete_self_enabled: false,
    public_metadata: {},
    unsafe_metadata: {},
    last_sign_in_at: Date.now(),
    created_at: createdAt,
    updated_at: createdAt,
  });

  async function token(session: Session, origin: string | undefined): Promise<string> {
    minted += 1;
    const organization =
      session.organizationId === organizationId
        ? { org_id: organizationId, org_role: 'org:admin', org_slug: person.organization.slug }
        : {};
    return signClerkToken(
      { sub: userId, sid: session.id, ...organization },
      { key, expiresIn: tokenLifetimeSeconds, ...(origin ? { azp: origin } : {}) },
    );
  }

  const sessionJson = (session: Session, jwt: string | null) => ({
    object: 'session',
    id: session.id,
    status: session.status,
    expire_at: Date.now() + 7 * 86_400_000,
    abandon_at: Date.now() + 30 * 86_400_000,
    last_active_at: Date.now(),
    last_active_organization_id: session.organizationId,
    last_active_token: jwt ? { object: 'token', jwt } : null,
    actor: null,
    factor_verification_age: [0, 0],
    tasks: null,
    public_user_data: publicUserData(),
    user: userJson(),
    created_at: session.createdAt,
    updated_at: Date.now(),
  });

  async function clientJson(origin: string | undefined) {
    const active = [...sessions.values()].filter((session) => session.status === 'active');
    return {
      object: 'client',
      id: clientId,
      sessions: await Promise.all(active.map(async (s) => sessionJson(s, await token(s, origin)))),
      last_active_session_id: active.some((s) => s.id === lastActiveSessionId) ? lastActiveSessionId : null,
      sign_in: null,
      sign_up: null,
      captcha_bypass: false,
      cookie_expires_at: null,
      created_at: createdAt,
      updated_at: Date.now(),
    };
  }

  const json = (request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, {
      ...corsHeaders(request),
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    });
    response.end(JSON.stringify(body));
  };
  const clerkError = (code: string, message: string, param?: string) => ({
    errors: [{ code, message, long_message: message, meta: param ? { param_name: param } : {} }],
  });

  function serveScript(request: IncomingMessage, response: ServerResponse, pathname: string): void {
    const file = path.basename(pathname);
    const filePath = path.join(dist, file);
    if (!file.endsWith('.js') || !existsSync(filePath)) {
      response.writeHead(404, corsHeaders(request));
      response.end();
      return;
    }
    // No HTTP caching: offline, only what the service worker kept can load.
    response.writeHead(200, {
      ...corsHeaders(request),
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(readFileSync(filePath));
  }

  function signIn(form: URLSearchParams): Session | { error: ReturnType<typeof clerkError> } {
    if (form.get('identifier') !== person.email)
      return { error: clerkError('form_identifier_not_found', "Couldn't find your account.", 'identifier') };
    if (form.get('password') !== person.password)
      return {
        error: clerkError('form_password_incorrect', 'Password is incorrect. Try again.', 'password'),
      };
    const session: Session = {
      id: id('sess'),
      status: 'active',
      organizationId,
      createdAt: Date.now(),
    };
    for (const other of sessions.values()) other.status = 'ended';
    sessions.set(session.id, session);
    lastActiveSessionId = session.id;
    return session;
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', `https://${fakeClerkHost}`);
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders(request));
      response.end();
      return;
    }
    if (url.pathname.startsWith('/npm/@clerk/clerk-js@')) return serveScript(request, response, url.pathname);

    const method = (url.searchParams.get('_method') ?? request.method ?? 'GET').toUpperCase();
    const form = request.method === 'POST' ? await readBody(request) : new URLSearchParams();
    const route = url.pathname.replace(/^\/v1/, '');
    requests.push(`${method} ${url.pathname.replace(/\/(sess|org|user)_[0-9a-f]+/g, '/{id}')}`);
    const sessionRoute = /^\/client\/sessions\/([^/]+)\/(touch|tokens|end|remove)$/.exec(route);

    if (route === '/environment') return json(request, response, 200, environment());
    if (route === '/client' && method === 'DELETE') {
      for (const session of sessions.values()) session.status = 'ended';
      return json(request, response, 200, { response: await clientJson(origin), client: null });
    }
    if (route === '/client') {
      const client = await clientJson(origin);
      return json(request, response, 200, { response: client, client });
    }
    if (route === '/client/sign_ins' && method === 'POST') {
      const outcome = signIn(form);
      if ('error' in outcome) return json(request, response, 422, outcome.error);
      const client = await clientJson(origin);
      return json(request, response, 200, {
        response: {
          object: 'sign_in_attempt',
          id: id('sia'),
          status: 'complete',
          identifier: person.email,
          supported_identifiers: ['email_address'],
          supported_first_factors: [{ strategy: 'password' }],
          supported_second_factors: null,
          first_factor_verification: null,
          second_factor_verification: null,
          user_data: { first_name: null, last_name: null, image_url: '', has_image: false },
          created_session_id: outcome.id,
          abandon_at: Date.now() + 86_400_000,
        },
        client,
      });
    }
    if (sessionRoute) {
      const session = sessions.get(sessionRoute[1] ?? '');
      if (session?.status !== 'active')
        return json(request, response, 401, clerkError('authentication_invalid', 'Session is not active'));
      const action = sessionRoute[2];
      if (action === 'tokens')
        return json(request, response, 200, { object: 'token', jwt: await token(session, origin) });
      if (action === 'touch') {
        const active = form.get('active_organization_id');
        if (active !== null) session.organizationId = active === '' ? null : active;
        lastActiveSessionId = session.id;
      } else {
        session.status = 'ended';
      }
      const client = await clientJson(origin);
      return json(request, response, 200, { response: sessionJson(session, null), client });
    }
    if (route === '/me/organization_memberships')
      return json(request, response, 200, { response: { data: [membershipJson()], total_count: 1 } });
    if (route === '/me/organization_invitations' || route === '/me/organization_suggestions')
      return json(request, response, 200, { response: { data: [], total_count: 0 } });
    if (route === `/organizations/${organizationId}`)
      return json(request, response, 200, { response: organizationJson() });

    unanswered.push(`${method} ${url.pathname}`);
    return json(request, response, 404, clerkError('resource_not_found', 'Not found'));
  }

  let server: Server | null = null;
  const listen = async () => {
    const started = createServer(tls, (request, response) => {
      answer(request, response).catch((error: unknown) => {
        response.writeHead(500, corsHeaders(request));
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject);
      started.listen(port, '127.0.0.1', () => resolve());
    });
    server = started;
  };
  const stop = async () => {
    const running = server;
    if (!running) return;
    server = null;
    running.closeAllConnections();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await listen();

  return {
    chromiumFlags: [
      `--host-resolver-rules=MAP ${fakeClerkHost} 127.0.0.1:${port}`,
      '--ignore-certificate-errors',
    ],
    userId,
    organizationId,
    tokensMinted: () => minted,
    unanswered: () => [...unanswered],
    requests: () => [...requests],
    pause: stop,
    resume: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
