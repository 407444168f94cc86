import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { LoadFailedToast } from '@/components/load-failed-toast';
import { Loader } from '@/components/ui/loader';

/** What a dialog loaded on demand takes: whether it is open, and how it asks to close. */
export interface OpenableProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dialog's module could not be fetched (offline before it was cached, a deploy removed the file). */
class DialogLoadError extends Error {
  constructor(cause: unknown) {
    super('The dialog could not be loaded', { cause });
    this.name = 'DialogLoadError';
  }
}

/** Catches a failed load only; an error the dialog itself throws goes on to the boundaries above. */
class LoadBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error instanceof DialogLoadError) return this.props.failed;
    if (this.state.error) throw this.state.error;
    return this.props.children;
  }
}

function Opening() {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center">
      <Loader size="md" />
    </div>
  );
}

/**
 * A dialog whose module is fetched the first time it opens, so that a screen does not load (or parse) a
 * dialog, its form and its Radix layers before anyone asks for it. A small spinner shows while it loads and
 * a message if it cannot be loaded; once shown it stays mounted, so it closes, returns focus and keeps its
 * state as it did when it was imported with the screen. `preload()` starts the fetch early (the pointer on the item that opens it).
 */
export function onDemandDialog<P extends OpenableProps>(load: () => Promise<ComponentType<P>>) {
  const fetchDialog = () =>
    load().then(
      (dialog) => ({ default: dialog }),
      (error: unknown) => {
        throw new DialogLoadError(error);
      },
    );
  // Replaced after a failure: React.lazy keeps a rejected load, and opening again should try again.
  let Dialog = lazy(fetchDialog);

  function OnDemandDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    const [attempt, setAttempt] = useState(0);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;

    const giveUp = () => {
      Dialog = lazy(fetchDialog);
      setOpened(false);
      setAttempt((count) => count + 1);
      props.onOpenChange(false);
    };
    return (
      <LoadBoundary key={attempt} failed={props.open ? <LoadFailedToast onClose={giveUp} /> : null}>
        <Suspense fallback={props.open ? <Opening /> : null}>
          <Dialog {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }

  return Object.assign(OnDemandDialog, {
    preload: () => {
      fetchDialog().catch(() => undefined);
    },
  });
}
