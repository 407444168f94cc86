import type { PlanItem } from '@contract/entities';
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { subscriptions } from '../db/schema';
import { DomainError } from '../domain/errors';
import type { Logger } from '../logger';
import type { BillingConfig } from './billing-config';
import type { BillingProvider, PortalRequest } from './billing-provider';
import { PaddleApi, PaddleApiError, paddleApiUrl } from './paddle-api';
import { applyPaddleEvent, type EventOutcome, MalformedEventError, paddleEventSchema } from './paddle-events';
import { verifyPaddleSignature } from './paddle-signature';
import { autopostPriceIds } from './plan-items';

/**
 * Billing through Paddle: the app's Paddle.js checkout takes the payment, Paddle's signed webhooks
 * tell the server what the subscription is, and its customer portal is where an admin manages it.
 */
export class PaddleBilling implements BillingProvider {
  readonly mode = 'paddle' as const;
  private readonly api: PaddleApi;
  private readonly autopostPriceIds: ReadonlySet<string>;

  constructor(
    private readonly db: Database,
    private readonly config: BillingConfig & { PADDLE_WEBHOOK_SECRET: string },
    private readonly logger: Logger,
    items: PlanItem[],
  ) {
    this.api = new PaddleApi(paddleApiUrl(config), config.PADDLE_API_KEY ?? '');
    this.autopostPriceIds = autopostPriceIds(items);
  }

  /** A fresh customer portal session for the Paddle subscription of the caller's workspace. */
  async portalUrl(request: PortalRequest): Promise<string> {
    const { userId, workspaceId } = request.principal;
    const owned = and(isNull(subscriptions.workspaceId), eq(subscriptions.buyerUserId, userId));
    const [row] = await this.db
      .select({ externalId: subscriptions.externalId, customerId: subscriptions.customerId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'paddle'),
          isNotNull(subscriptions.customerId),
          isNotNull(subscriptions.externalId),
          workspaceId ? or(eq(subscriptions.workspaceId, workspaceId), owned) : owned,
        ),
      )
      .orderBy(desc(subscriptions.active), desc(subscriptions.updatedAt))
      .limit(1);
    if (!row?.customerId || !row.externalId)
      throw new DomainError(
        'not-found',
        'not_found',
        'This workspace has no Paddle subscription to manage yet',
      );
    try {
      return await this.api.createPortalSession(row.customerId, [row.externalId]);
    } catch (error) {
      if (!(error instanceof PaddleApiError)) throw error;
      this.logger.error(
        { status: error.status, detail: error.detail, subscription: row.externalId },
        'Paddle refused a customer portal session',
      );
      throw new DomainError(
        'upstream-failed',
        'bad_gateway',
        'Paddle could not open the subscription settings just now. Please try again in a moment.',
      );
    }
  }

  /**
   * Handles one webhook delivery: verifies `Paddle-Signature` over the raw body (401 when it does not
   * hold), then applies the event once.
   */
  async receiveWebhook(rawBody: Uint8Array, signatureHeader: string | undefined): Promise<EventOutcome> {
    const check = verifyPaddleSignature({
      header: signatureHeader,
      rawBody,
      secret: this.config.PADDLE_WEBHOOK_SECRET,
      toleranceSeconds: this.config.PADDLE_WEBHOOK_TOLERANCE_SECONDS,
    });
    if (!check.ok) {
      this.logger.warn({ reason: check.reason }, 'Paddle webhook refused');
      throw new DomainError('unauthenticated', 'unauthorized', check.reason);
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(rawBody).toString('utf8'));
    } catch {
      throw new DomainError('invalid', 'bad_request', 'The request body must be valid JSON', {
        field: 'body',
      });
    }
    const event = paddleEventSchema.safeParse(json);
    if (!event.success) {
      const issue = event.error.issues[0];
      throw new DomainError(
        'invalid',
        'bad_request',
        `The body is not a Paddle event: ${issue?.message ?? 'unexpected shape'}`,
        { field: issue?.path.join('.') || 'body' },
      );
    }
    try {
      const outcome = await applyPaddleEvent(this.db, event.data, this.autopostPriceIds);
      this.logger.info(
        { eventId: event.data.event_id, eventType: event.data.event_type, outcome },
        'Paddle event received',
      );
      return outcome;
    } catch (error) {
      if (error instanceof MalformedEventError)
        throw new DomainError('invalid', 'bad_request', error.message, { field: error.field });
      throw error;
    }
  }
}
