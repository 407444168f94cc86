import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import { useState } from 'react';
import { LoadFailedToast } from '@/components/load-failed-toast';
import { Loader } from '@/components/ui/loader';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import type { WorkspaceDropdown } from './workspace-dropdown';

const triggerClassName = cn(
  'flex w-full cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-left',
  'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
);

const loadDropdown = () => import('./workspace-dropdown').then((m) => m.WorkspaceDropdown);
/** Once loaded, kept for every sidebar (the drawer's too), which then opens the menu without a wait. */
let loadedDropdown: typeof WorkspaceDropdown | null = null;

function preload() {
  loadDropdown().catch(() => undefined);
}

/**
 * The active workspace's name over the word 'workspace'; opens the person's menu (WorkspaceDropdown).
 * The menu's Radix parts (positioning, focus trap, scroll lock: ~20 KB gzipped) are loaded when the
 * pointer is over the button, the button takes focus or is pressed, not with every signed-in screen.
 * Until then this draws the same button with the Radix trigger's attributes, and a press opens the menu
 * as the trigger would: pointer down, Enter, Space or ArrowDown (a spinner stands for the chevron while
 * the menu loads).
 */
export function WorkspaceMenu() {
  const { activeWorkspace } = useAuth();
  const [Dropdown, setDropdown] = useState<typeof WorkspaceDropdown | null>(() => loadedDropdown);
  const [openedWith, setOpenedWith] = useState<'pointer' | 'keyboard' | null>(null);
  const [failed, setFailed] = useState(false);

  const label = (
    <>
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium text-foreground">{activeWorkspace?.name}</span>
        <span className="text-xs text-muted-foreground">workspace</span>
      </span>
      {openedWith && !Dropdown ? (
        <Loader decorative className="shrink-0" />
      ) : (
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      )}
    </>
  );

  if (Dropdown) {
    return (
      <Dropdown className={triggerClassName} openedWith={openedWith}>
        {label}
      </Dropdown>
    );
  }

  const open = (how: 'pointer' | 'keyboard') => {
    if (openedWith) return;
    setOpenedWith(how);
    setFailed(false);
    loadDropdown().then(
      (loaded) => {
        loadedDropdown = loaded;
        setDropdown(() => loaded);
      },
      (error: unknown) => {
        console.error('Could not load the workspace menu', error);
        setOpenedWith(null);
        setFailed(true);
      },
    );
  };

  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-busy={openedWith ? true : undefined}
        data-state="closed"
        className={triggerClassName}
        onPointerEnter={preload}
        onFocus={preload}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          // As the Radix trigger does: the menu, not the button, takes the focus.
          event.preventDefault();
          open('pointer');
        }}
        onKeyDown={(event) => {
          if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
          event.preventDefault();
          open('keyboard');
        }}
      >
        {label}
      </button>
      {failed ? <LoadFailedToast onClose={() => setFailed(false)} /> : null}
    </>
  );
}
