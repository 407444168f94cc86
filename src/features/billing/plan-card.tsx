import Check from 'lucide-react/icons/check';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { type BillingPeriod, formatPrice, type PlanTier, perPeriod, tierNames } from './plans';

/** Essential Growth's features (spec section 1); 'Up to 50-100 leads monthly' is the spec's own text. */
export const planFeatures = [
  '24/7 search for relevant posts',
  'Up to 50-100 leads monthly',
  'Automatic responses',
  'Access to three social networks: a discussion forum, a professional network and a microblogging network',
  'AI response generation',
  'Multi-channel posting',
  'Basic lead scoring',
  'A teamspace',
] as const;

export const tierDescriptions: Record<PlanTier, string> = {
  manual: 'You review and post replies yourself.',
  autopilot: 'Approved replies are published automatically.',
};

/** One plan: its name, what the tier means, the price for the period, 'Get started' and the features. */
export function PlanCard({
  tier,
  period,
  price,
  starting,
  disabled,
  onGetStarted,
}: {
  tier: PlanTier;
  period: BillingPeriod;
  price: number;
  starting: boolean;
  disabled: boolean;
  onGetStarted: () => void;
}) {
  const id = useId();
  return (
    <Card size="md" className="flex flex-col gap-5 text-left" aria-labelledby={`${id}-name`} role="group">
      <div className="grid gap-1">
        <Text size="xs" tone="muted" className="font-medium tracking-wide uppercase">
          Essential Growth
        </Text>
        <Title level={2} id={`${id}-name`}>
          {tierNames[tier]}
        </Title>
        <Text size="sm" tone="muted">
          {tierDescriptions[tier]}
        </Text>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-semibold tabular-nums">{formatPrice(price)}</span>
        <span className="text-sm text-muted-foreground">{perPeriod[period]}</span>
      </p>
      <Button onClick={onGetStarted} loading={starting} disabled={disabled} className="w-full">
        Get started
      </Button>
      <ul className="grid gap-2 text-sm">
        {planFeatures.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
