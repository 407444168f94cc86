import { initializePaddle, type Paddle, type PaddleEventData } from '@paddle/paddle-js';
import type { BillingAdapter, CheckoutRequest } from './billing-types';

export interface PaddleConfig {
  token: string;
  environment: 'sandbox' | 'production';
}

export type PaddleEventCallback = (event: PaddleEventData) => void;

export interface PaddleBilling extends BillingAdapter {
  /** Replaces Paddle's event callback; throws 'Paddle is not initialized' before Paddle has loaded. */
  setEventCallback: (callback: PaddleEventCallback) => void;
}

const ignoreEvent: PaddleEventCallback = () => undefined;

/**
 * Billing through Paddle.js. Paddle is initialised on the first checkout, once (later checkouts reuse the
 * same promise); each checkout registers its own event callback, which on `checkout.completed` resets
 * the callback, reports the completion and closes the checkout (spec section 4).
 */
export function createPaddleBilling({ token, environment }: PaddleConfig): PaddleBilling {
  let paddle: Paddle | null = null;
  let initializing: Promise<Paddle> | null = null;

  function initialize(): Promise<Paddle> {
    initializing ??= initializePaddle({ token, environment, eventCallback: ignoreEvent }).then(
      (instance) => {
        if (!instance) throw new Error('Paddle could not be loaded');
        paddle = instance;
        return instance;
      },
      (error: unknown) => {
        initializing = null;
        throw error;
      },
    );
    return initializing;
  }

  function setEventCallback(callback: PaddleEventCallback): void {
    if (!paddle) throw new Error('Paddle is not initialized');
    paddle.Update({ eventCallback: callback });
  }

  async function openCheckout(request: CheckoutRequest): Promise<void> {
    const instance = await initialize();
    setEventCallback((event) => {
      if (String(event.name) !== 'checkout.completed') return;
      setEventCallback(ignoreEvent);
      request.onCompleted();
      instance.Checkout.close();
    });
    instance.Checkout.open({
      items: request.items,
      customer: { email: request.email },
      customData: { workspace_id: request.workspaceId, user_id: request.userId },
      settings: { allowLogout: false, locale: 'en' },
    });
  }

  return { kind: 'paddle', openCheckout, setEventCallback };
}
