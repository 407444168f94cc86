import { Link } from 'wouter';
import { Logo } from '../layouts/logo';
import { routes } from '../routes';
import { MainNav } from './main-nav';
import { PendingChangesIndicator } from './pending-changes-indicator';
import { WorkspaceMenu } from './workspace-menu';

/** The sidebar's content: the logo and product name linking home, the workspace menu, the navigation. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <Link
        href={routes.home.href()}
        onClick={onNavigate}
        className="flex items-center gap-2 self-start rounded-md text-base font-semibold text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Logo />
        ReplyRadar
      </Link>
      <WorkspaceMenu />
      <MainNav onNavigate={onNavigate} />
      <PendingChangesIndicator />
    </div>
  );
}
