import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PageLoader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb } from '@/db/mirror';
import { apiClient, apiFailureMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useApi } from '@/lib/use-api';
import { autopostSlug, checkoutLines, formatPrice, perPeriod, tierNames } from './plans';
import { useSubscriptionUpdates } from './use-subscription';

const periodTitles = { month: 'Monthly', year: 'Yearly' } as const;

/** The plan, kept on this device, so the page opens offline with the last one seen. */
function useLocalBilling(workspaceId: string | null) {
  return useApi(
    'getLocalBilling',
    {},
    {
      kept: workspaceId ? keptCopies.localBilling(getMirrorDb(), workspaceId) : null,
      shown: 'offline',
    },
  );
}

/**
 * What 'Subscription settings' opens when billing is local: the workspace's plan, period and add-on, and
 * for admins 'Cancel subscription'. After cancelling, the subscription gate sends everyone to subscribe.
 */
export function LocalBillingPage() {
  const { role, activeWorkspace } = useAuth();
  const billing = useLocalBilling(activeWorkspace?.id ?? null);
  const updates = useSubscriptionUpdates();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!billing.data) {
    if (!billing.error) return <PageLoader />;
    return (
      <div className="grid justify-items-start gap-3">
        <Title level={1}>Billing</Title>
        <Text>The plan could not be loaded.</Text>
        <Button variant="secondary" onClick={() => void billing.mutate()}>
          Try again
        </Button>
      </div>
    );
  }

  const { subscription, period, items } = billing.data;
  const hasAutopost = subscription.addons[autopostSlug] === true;
  const tier = hasAutopost ? 'autopilot' : 'manual';
  const lines = period ? checkoutLines(items, tier, period) : null;
  const price = lines?.reduce((sum, line) => sum + line.price, 0);

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      const next = await apiClient.call('cancelLocalSubscription', { body: {} });
      setConfirmOpen(false);
      await updates.set(next);
    } catch (cause) {
      setError(apiFailureMessage(cause));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="grid w-full max-w-[480px] gap-6">
      <Title level={1}>Billing</Title>
      <Card size="md">
        <dl className="grid gap-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="font-medium">
              {subscription.active ? `Essential Growth ${tierNames[tier]}` : 'No active plan'}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Period</dt>
            <dd className="font-medium">{period ? periodTitles[period] : '—'}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Add-on</dt>
            <dd className="font-medium">{hasAutopost ? 'Autopost' : 'None'}</dd>
          </div>
          {price !== undefined && period ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Price</dt>
              <dd className="font-medium tabular-nums">
                {formatPrice(price)} {perPeriod[period]}
              </dd>
            </div>
          ) : null}
        </dl>
      </Card>
      <Text size="sm" tone="muted">
        This ReplyRadar runs with local billing: no payment is taken.
      </Text>
      {role === 'org:admin' && subscription.active ? (
        <div>
          <Button variant="delete" onClick={() => setConfirmOpen(true)}>
            Cancel subscription
          </Button>
        </div>
      ) : null}
      <Dialog open={confirmOpen} onOpenChange={(open) => (cancelling ? undefined : setConfirmOpen(open))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel subscription?</DialogTitle>
            <DialogDescription>
              Everyone in this workspace loses access to ReplyRadar until a plan is chosen again.
            </DialogDescription>
          </DialogHeader>
          <FieldError>{error}</FieldError>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)} disabled={cancelling}>
              Keep subscription
            </Button>
            <Button variant="delete" onClick={() => void cancel()} loading={cancelling}>
              Cancel subscription
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
