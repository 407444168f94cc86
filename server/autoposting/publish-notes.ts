import type { PublishFailureKind } from './types';

/**
 * What the cards and the wizard say about replies Autopilot holds back, in words the person can act
 * on. Every stop ends with what to do, and 'Recheck' in Setup autoposting is what goes on.
 */

const recheck = 'then press Recheck in Setup autoposting';

/** Why a network stopped, for the wizard (`stopped`) and the other held cards of that network. */
export function stopReason(kind: PublishFailureKind, network: string): string {
  const why: Record<PublishFailureKind, string> = {
    logged_out: `the profile is logged out. Log in again, ${recheck}.`,
    captcha: `${network} asks to solve a captcha. Open the profile, solve it, ${recheck}.`,
    thread_gone: `a post was removed, so its reply was not published. Unapprove that reply, ${recheck} to go on with the others.`,
    thread_locked: `a post is locked or archived, so its reply was not published. Unapprove that reply, ${recheck} to go on with the others.`,
    rate_limited: `${network} says the account is posting too much. Wait a few hours, ${recheck}.`,
    page_changed: `the page did not look as expected, so nothing was sent. Open the post in the profile to check it, ${recheck}.`,
    unreachable: `its page could not be opened. Check the profile's connection, ${recheck}.`,
  };
  return `Publishing stopped on ${network}: ${why[kind]}`;
}

/** The card of the post that failed: the same, said of this post where the failure was the post's own. */
export function stopNote(kind: PublishFailureKind, network: string): string {
  if (kind === 'thread_gone')
    return `Not published: this post was removed from ${network}. Unapprove this reply, ${recheck} to go on with the others.`;
  if (kind === 'thread_locked')
    return `Not published: this post is locked or archived on ${network}. Unapprove this reply, ${recheck} to go on with the others.`;
  return stopReason(kind, network);
}

/** Over the day's cap: the reply goes out tomorrow (UTC). */
export function capNote(cap: number, network: string): string {
  if (cap <= 0) return `Waiting: this workspace publishes no replies on ${network} (its daily number is 0).`;
  return `Waiting for tomorrow: ${cap} ${cap === 1 ? 'reply a day is' : 'replies a day are'} published on ${network}.`;
}

/** Within the gap after the last reply: the reply follows once it has passed (`until`, shown in UTC). */
export function gapNote(minGapMinutes: number, network: string, until: Date): string {
  const time = until.toISOString().slice(11, 16);
  return `Queued: replies on ${network} go out at least ${minGapMinutes} minutes apart, so this one waits until about ${time} UTC.`;
}

/** A reply sent whose appearance was not seen: it is looked for before anything is sent again. */
export const checkingNote = (network: string) =>
  `Checking whether this reply went out on ${network}: it is not sent again until that is known.`;

/** The profile's browser would not open: nothing was sent, and the next run tries again. */
export const profileNote = (message: string) =>
  `Waiting: the browser profile could not be opened (${message.replace(/[.\s]+$/, '')}). Publishing tries again in a few minutes.`;

/** An approved reply with no text. */
export const emptyNote = 'Not published: this reply is empty. Write an answer to publish it.';
