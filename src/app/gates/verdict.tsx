import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoader } from '@/components/ui/loader';
import type { GateVerdict } from './gate-rules';

/** What a gate shows for its rule's verdict: the page, a spinner, or a redirect that replaces the page. */
export function Verdict({ verdict, children }: { verdict: GateVerdict; children: ReactNode }) {
  if (verdict === 'pass') return children;
  if (verdict === 'wait') return <PageLoader />;
  return <Redirect to={verdict.redirect} replace />;
}
