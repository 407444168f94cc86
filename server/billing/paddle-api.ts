import { z } from 'zod';
import type { BillingConfig } from './billing-config';

/** Paddle's API host for the configured environment, or the override (a local fake server in tests). */
export function paddleApiUrl(config: Pick<BillingConfig, 'PADDLE_API_URL' | 'PADDLE_ENVIRONMENT'>): string {
  const url =
    config.PADDLE_API_URL ??
    (config.PADDLE_ENVIRONMENT === 'sandbox' ? 'https://sandbox-api.paddle.com' : 'https://api.paddle.com');
  return url.replace(/\/+$/, '');
}

/** A call to Paddle that failed: its status (0 when it never answered) and what Paddle said. */
export class PaddleApiError extends Error {
  override name = 'PaddleApiError';
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`Paddle API ${status || 'unreachable'}: ${detail}`);
  }
}

const portalSessionSchema = z.object({
  data: z.object({
    id: z.string(),
    urls: z.object({ general: z.object({ overview: z.url({ protocol: /^https?$/ }) }) }),
  }),
});

const paddleErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), detail: z.string().optional() }),
});

/** The few calls of Paddle Billing's API that ReplyRadar makes. */
export class PaddleApi {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /**
   * Opens a customer portal session (`POST /customers/{id}/portal-sessions`) and returns its
   * authenticated overview link. Sessions are short-lived: never cache the link.
   */
  async createPortalSession(customerId: string, subscriptionIds: string[]): Promise<string> {
    const url = `${this.baseUrl}/customers/${encodeURIComponent(customerId)}/portal-sessions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          'content-type': 'application/json',
          'paddle-version': '1',
        },
        body: JSON.stringify({ subscription_ids: subscriptionIds }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new PaddleApiError(0, error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Reported below with the status.
    }
    if (!response.ok) {
      const paddleError = paddleErrorSchema.safeParse(body);
      const detail = paddleError.success
        ? `${paddleError.data.error.code ?? 'error'}: ${paddleError.data.error.detail ?? ''}`
        : text.slice(0, 200);
      throw new PaddleApiError(response.status, detail);
    }
    const session = portalSessionSchema.safeParse(body);
    if (!session.success)
      throw new PaddleApiError(response.status, 'the portal session has no overview link');
    return session.data.data.urls.general.overview;
  }
}
