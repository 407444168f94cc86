import Menu from 'lucide-react/icons/menu';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { onDemandDialog } from '@/components/on-demand-dialog';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/use-media-query';
import { Logo } from '../layouts/logo';
import { routes } from '../routes';
import { ScreenBoundary } from '../screen-boundary';
import { PendingChangesIndicator } from './pending-changes-indicator';
import { Sidebar } from './sidebar';

// Only phones open the drawer, so its Radix dialog is loaded when they do.
const NavigationDrawer = onDemandDialog(() => import('./navigation-drawer').then((m) => m.NavigationDrawer));

/** Tailwind's `md`: from this width the sidebar shows beside the page; below it, the top bar and drawer. */
const wideScreen = '(min-width: 768px)';

/**
 * The signed-in app's frame: a 280 px sidebar beside the routed page; below 768 px a top bar whose menu
 * button opens the same sidebar as a drawer.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const drawerButton = useRef<HTMLButtonElement>(null);
  // Only the frame the screen's width shows is drawn (both, hidden by CSS, where that cannot be told):
  // a phone's first screen does not wait for a sidebar it does not show.
  const wide = useMediaQuery(wideScreen);

  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      {wide !== false ? (
        <aside className="hidden w-[280px] shrink-0 border-r border-border px-4 py-6 md:block">
          <div className="sticky top-6">
            <Sidebar />
          </div>
        </aside>
      ) : null}

      {wide !== true ? (
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-border bg-background px-2 md:hidden">
          {/* The attributes a SheetTrigger would give it, without loading the dialog to draw a button. */}
          <Button
            ref={drawerButton}
            type="button"
            variant="secondary"
            size="icon"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            data-state={drawerOpen ? 'open' : 'closed'}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <NavigationDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            id={drawerId}
            returnFocusTo={drawerButton}
          />
          <Link
            href={routes.home.href()}
            className="flex items-center gap-2 rounded-md font-semibold text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Logo size="sm" />
            ReplyRadar
          </Link>
          <span className="ml-auto">
            <PendingChangesIndicator />
          </span>
        </header>
      ) : null}

      <main className="flex min-w-0 flex-1 flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
        <ScreenBoundary>{children}</ScreenBoundary>
      </main>
    </div>
  );
}
