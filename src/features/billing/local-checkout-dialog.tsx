import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { apiClient, apiFailureMessage } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { localCheckoutStore } from './local-billing';
import { autopostSlug, describePriceId, formatPrice, periodNames, perPeriod, tierNames } from './plans';

/**
 * The local checkout: the items of the chosen plan with their prices and the total, and 'Confirm', which
 * activates the plan through the local billing route (no payment is taken).
 */
export function LocalCheckoutDialog() {
  const request = useSyncExternalStore(
    localCheckoutStore.subscribe,
    localCheckoutStore.getSnapshot,
    localCheckoutStore.getSnapshot,
  );
  const { data: planItems } = useApi('listPlanItems', {});
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const described = (request?.items ?? []).map((item) => ({
    priceId: item.priceId,
    ...describePriceId(planItems ?? [], item.priceId),
  }));
  const hasAutopost = described.some((line) => line.item?.slug === autopostSlug);
  const period = described[0]?.period ?? 'month';
  const total = described.reduce((sum, line) => sum + (line.price ?? 0), 0);

  const close = () => {
    if (confirming) return;
    setError(null);
    localCheckoutStore.close();
  };

  const confirm = async () => {
    if (!request) return;
    setConfirming(true);
    setError(null);
    try {
      await apiClient.call('localCheckout', {
        body: { priceIds: request.items.map((item) => item.priceId) },
      });
      localCheckoutStore.close();
      request.onCompleted();
    } catch (cause) {
      setError(apiFailureMessage(cause));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Checkout</DialogTitle>
          <DialogDescription>No payment is taken: this ReplyRadar runs with local billing.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {described.map((line) => (
            <div key={line.priceId} className="flex items-baseline justify-between gap-4">
              <dt>
                {line.item?.kind === 'addon'
                  ? `Autopost, ${periodNames[line.period ?? period]}`
                  : `Essential Growth ${tierNames[hasAutopost ? 'autopilot' : 'manual']}, ${periodNames[line.period ?? period]}`}
              </dt>
              <dd className="tabular-nums">{line.price === undefined ? '' : formatPrice(line.price)}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-4 border-t border-border pt-2 font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">
              {formatPrice(total)} {perPeriod[period]}
            </dd>
          </div>
        </dl>
        <FieldError>{error}</FieldError>
        <DialogFooter>
          <Button variant="secondary" onClick={close} disabled={confirming}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={confirming}>
            Confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
