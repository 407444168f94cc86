import type { ReactNode } from 'react';
import { useScreenSubscription } from '@/features/billing/use-subscription';
import { addonGate } from './gate-rules';
import { Verdict } from './verdict';

/** Spec section 2, add-on gate: a page that needs `addon` sends a subscription without it home. */
export function AddonGate({ addon, children }: { addon: string; children: ReactNode }) {
  const subscription = useScreenSubscription();
  return <Verdict verdict={addonGate(subscription?.addons, addon)}>{children}</Verdict>;
}
