/** The outbox could not be emptied before logging out; the app asks whether to drop `count` changes. */
export class UnsentChangesError extends Error {
  override name = 'UnsentChangesError';
  constructor(readonly count: number) {
    super(`${count} ${count === 1 ? 'change has' : 'changes have'} not been sent`);
  }
}
