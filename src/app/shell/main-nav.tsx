import AtSign from 'lucide-react/icons/at-sign';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn';
import { isUnder, routes } from '../routes';

const items = [
  { label: 'Project', path: routes.project.path, href: routes.project.href(), Icon: FolderKanban },
  { label: 'Mentions', path: routes.mentions.path, href: routes.mentions.href(), Icon: AtSign },
  { label: 'Replies', path: routes.replies.path, href: routes.replies.href(), Icon: MessageSquareReply },
] as const;

/** Project, Mentions, Replies; the one whose path prefixes the current location is marked as the page. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  return (
    <nav aria-label="Main">
      <ul className="grid gap-1">
        {items.map(({ label, path, href, Icon }) => {
          const current = isUnder(location, path);
          return (
            <li key={path}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium',
                  'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  current ? 'bg-muted text-primary' : 'text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
