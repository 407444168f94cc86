/** Shown instead of the app when it cannot start, for instance with a configuration error. */
export function StartupError({ message }: { message: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-3 px-4 py-10">
      <h1 className="text-2xl font-semibold text-foreground">ReplyRadar cannot start</h1>
      <p className="text-base break-words text-foreground">{message}</p>
    </main>
  );
}
