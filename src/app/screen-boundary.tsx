import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { retryFailedScreenLoads } from '@/lib/lazy-screen';

export const screenErrorTexts = {
  title: 'This screen could not be shown',
  notLoaded: 'ReplyRadar could not load this screen. Check your connection, then try again.',
  failed: 'Something went wrong while showing this screen. Try again, or reload the page.',
  tryAgain: 'Try again',
  reload: 'Reload page',
} as const;

/** Whether `error` is the browser failing to fetch a screen's script (each browser words it its way). */
export function isScriptLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message);
}

/**
 * Where a screen shows: a spinner while its code loads (`Suspense`), and, should it fail to load or to
 * render, a message with a way to try again in place of the screen, the rest of the app still working.
 * Going to another address clears it.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ScreenErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The address the error was caught at: another address shows its screen again. */
  caughtAt: string | null;
}

class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, caughtAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.caughtAt === null) return { caughtAt: props.resetKey };
    return state.caughtAt === props.resetKey ? null : { error: null, caughtAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen could not be shown', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <section role="alert" className="flex max-w-prose flex-col items-start gap-3 py-6">
        <Title level={2}>{screenErrorTexts.title}</Title>
        <Text tone="muted">
          {isScriptLoadFailure(error) ? screenErrorTexts.notLoaded : screenErrorTexts.failed}
        </Text>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => {
              retryFailedScreenLoads();
              this.setState({ error: null, caughtAt: null });
            }}
          >
            {screenErrorTexts.tryAgain}
          </Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {screenErrorTexts.reload}
          </Button>
        </div>
      </section>
    );
  }
}
