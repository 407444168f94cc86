/**
 * 5000 → '5,000'. Written out rather than `toLocaleString`: the schemas build their messages as the app
 * loads, and the first locale-aware call loads the locale data, about 25 ms of the page's main thread.
 */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Texts a person reads when an input is refused. Shared so the forms and the server say the same words. */
export const fieldMessages = {
  required: 'Required',
  invalidUrl: 'Invalid url',
  invalidEmail: 'Invalid email',
  workspaceNameTooShort: (n: number) => `Workspace name should be longer then ${n} symbols`,
  tooManyKeywords: (n: number) => `Max ${n} keywords allowed`,
  urlShouldBePassed: 'Url should be passed',
  nulCharacter: 'Must not contain a NUL character',
  loneSurrogate: 'Must not contain a lone surrogate (a broken Unicode character)',
  invalidDate: 'Must be a date from 2000-01-01 to 9999-12-31, written YYYY-MM-DD',
  webLink: 'Must be an http or https link',
  tooLong: (n: number) => `Must be at most ${thousands(n)} characters`,
} as const;

/** A wait as a person says it: '1 second', '40 seconds', '2 minutes'. */
function waitOf(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The local sign-in screens say what the hosted provider's screens say. */
export const authMessages = {
  passwordIncorrect: 'Password is incorrect. Try again, or use another method.',
  accountNotFound: "Couldn't find your account.",
  emailTaken: 'That email address is taken. Please try another.',
  passwordTooShort: 'Passwords must be 10 characters or more.',
  passwordTooCommon: 'This password is too common. Choose another.',
  emailInvalid: 'Email address must be a valid email address.',
  tooManyAttempts: (seconds: number) => `Too many attempts. Please wait ${waitOf(seconds)} and try again.`,
  tooManyPasswordAttempts: (seconds: number) =>
    `Too many wrong passwords for this account. Please wait ${waitOf(seconds)} and try again.`,
  emailCodeInvalid: 'Enter the 6-digit code from the email.',
} as const;

export const limits = {
  workspaceNameMin: 3,
  passwordMin: 10,
  passwordMax: 256,
  keywordsMax: 5,
  keywordsMaxDesignated: 30,
  /** What a person writes about a project: enough for a full pitch, bounded so reading it stays quick. */
  projectNameMax: 200,
  descriptionMax: 5_000,
  goalMax: 1_000,
  tovMax: 2_000,
} as const;
