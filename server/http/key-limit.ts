/**
 * A sliding-window limit per key (an account, a workspace), kept in memory (one server process): at most
 * `limit` uses in any `windowMs`. Checking and counting are apart, so a call limited by several keys
 * counts against none when one of them refuses it.
 */
export class KeyLimit {
  private readonly uses = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may be used again; 0 when it may be now. */
  waitMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now();
    return Math.max(1, oldest + this.windowMs - this.now());
  }

  /** Counts one use of the key. */
  count(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.uses.set(key, recent.slice(-this.limit));
    if (this.uses.size > 50_000) this.forgetIdle();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.uses.get(key) ?? []).filter((at) => at > since);
  }

  private forgetIdle(): void {
    const since = this.now() - this.windowMs;
    for (const [key, times] of this.uses) if (!times.some((at) => at > since)) this.uses.delete(key);
  }
}
