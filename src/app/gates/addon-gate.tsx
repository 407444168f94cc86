import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoader } from '@/components/ui/loader';
import { useScreenSubscription } from '@/features/billing/use-subscription';
import { routes } from '../routes';

/** Spec section 2, add-on gate: a page that needs `addon` sends a subscription without it home. */
export function AddonGate({ addon, children }: { addon: string; children: ReactNode }) {
  const subscription = useScreenSubscription();
  if (!subscription) return <PageLoader />;
  if (!subscription.addons[addon]) return <Redirect to={routes.home.href()} replace />;
  return children;
}
