import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { PageLoader } from '@/components/ui/loader';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { useAuth } from '@/lib/auth';
import { useApi } from '@/lib/use-api';
import { billingMode, loadBillingAdapter } from './billing-adapter';
import { LocalCheckoutDialog } from './local-checkout-dialog';
import { PlanCard } from './plan-card';
import { type BillingPeriod, checkoutLines, type PlanTier, totalOf } from './plans';
import { useSubscriptionUpdates } from './use-subscription';

const periodOptions: { value: BillingPeriod; label: ReactNode }[] = [
  { value: 'month', label: 'Pay Monthly' },
  {
    value: 'year',
    label: (
      <span className="inline-flex items-center gap-1.5">
        Pay Yearly{' '}
        <Badge variant="success" size="sm">
          save 20%
        </Badge>
      </span>
    ),
  },
];

const tiers: PlanTier[] = ['manual', 'autopilot'];

/**
 * Plan choice (spec section 2): the period toggle, Manual and Autopilot with their prices, and 'Get
 * started', which opens the configured checkout. `invitations` lists pending invitations, so that a person
 * invited to a subscribed workspace can join it instead of buying.
 */
export function SubscribePage({ onLogOut, invitations }: { onLogOut: () => void; invitations?: ReactNode }) {
  const { user, activeWorkspace } = useAuth();
  const planItems = useApi('listPlanItems', {});
  const updates = useSubscriptionUpdates();
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const [starting, setStarting] = useState<PlanTier | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);

  const items = planItems.data;

  const getStarted = async (tier: PlanTier) => {
    const lines = checkoutLines(items ?? [], tier, period);
    if (!lines || !user) return;
    setStarting(tier);
    setCheckoutError(null);
    const workspaceId = activeWorkspace?.id ?? null;
    try {
      const billing = await loadBillingAdapter();
      await billing.openCheckout({
        items: lines.map((line) => ({ priceId: line.priceId, quantity: 1 })),
        email: user.primaryEmailAddress?.emailAddress ?? '',
        workspaceId,
        userId: user.id,
        onCompleted: () => void updates.activated(workspaceId),
      });
    } catch (error) {
      console.error('Checkout could not be opened', error);
      setCheckoutError('The checkout could not be opened. Try again.');
    } finally {
      setStarting(null);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-8 pb-10 text-center">
      <div className="flex w-full justify-end">
        <Button variant="secondary" size="sm" onClick={onLogOut}>
          Log out
        </Button>
      </div>
      <div className="grid gap-2">
        <Title level={1}>Start Growing Today</Title>
        <Text tone="muted">Choose the plan that works best for you</Text>
      </div>
      {invitations}
      <SegmentedControl
        aria-label="Billing period"
        value={period}
        onValueChange={setPeriod}
        options={periodOptions}
        className="max-w-full"
      />
      {items ? (
        <div className="grid w-full gap-6 md:grid-cols-2">
          {tiers.map((tier) => {
            const lines = checkoutLines(items, tier, period);
            return lines ? (
              <PlanCard
                key={tier}
                tier={tier}
                period={period}
                price={totalOf(lines)}
                starting={starting === tier}
                disabled={starting !== null && starting !== tier}
                onGetStarted={() => void getStarted(tier)}
              />
            ) : null;
          })}
        </div>
      ) : planItems.error ? (
        <div className="grid justify-items-center gap-3">
          <Text>The plans could not be loaded.</Text>
          <Button variant="secondary" onClick={() => void planItems.mutate()}>
            Try again
          </Button>
        </div>
      ) : (
        <PageLoader fills="section" label="Loading plans" />
      )}
      <FieldError>{checkoutError}</FieldError>
      {billingMode === 'local' ? <LocalCheckoutDialog /> : null}
    </div>
  );
}
