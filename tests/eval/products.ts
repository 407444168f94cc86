/**
 * The products the evaluation scores discovery for: each as a person would set it up (a description
 * without a link, a goal, a tone, and 3–5 keywords with their filters), chosen so their keywords occur
 * in the real-posts dataset and so they differ in kind. `heldOut` products are never looked at while
 * tuning relevance; the report shows them apart. The labels are `labels/<slug>.json`; the rule is
 * `LABELLING.md`.
 */
export interface EvalProduct {
  /** File name of its labels. */
  slug: string;
  name: string;
  kind: string;
  description: string;
  goal: string;
  tov: string;
  keywords: { name: string; filter: string | null }[];
  heldOut: boolean;
}

export const evalProducts: EvalProduct[] = [
  {
    slug: 'gridwise',
    name: 'Gridwise',
    kind: 'spreadsheet add-in',
    description:
      'An Excel add-in that writes and explains formulas, cleans imported data and turns repetitive spreadsheet work into one-click macros, without learning VBA.',
    goal: 'Find people stuck on an Excel formula, a VBA macro or a repetitive spreadsheet task',
    tov: 'Helpful and precise, like a colleague who knows Excel well',
    keywords: [
      { name: 'excel formula', filter: null },
      { name: 'excel help', filter: null },
      { name: 'spreadsheet', filter: null },
      { name: 'vba', filter: null },
      { name: 'macro', filter: '-lens -calories -protein -carbs' },
    ],
    heldOut: false,
  },
  {
    slug: 'querycamp',
    name: 'QueryCamp',
    kind: 'SQL and analytics course',
    description:
      'An online course that teaches SQL and data analysis from zero with real business datasets, exercises graded in the browser and interview practice for analyst jobs.',
    goal: 'Find people who want to learn SQL or move into a data analyst job',
    tov: 'Encouraging and practical',
    keywords: [
      { name: 'learn sql', filter: null },
      { name: 'sql course', filter: null },
      { name: 'sql query', filter: null },
      { name: 'data analyst', filter: '-hiring' },
      { name: 'sql', filter: null },
    ],
    heldOut: false,
  },
  {
    slug: 'clipforge',
    name: 'ClipForge',
    kind: 'video editing software',
    description:
      'Video editing software for creators and small studios: a timeline editor that runs well on ordinary laptops, with fast exports, colour presets and simple titles.',
    goal: 'Find people choosing video editing software or struggling with their editor',
    tov: 'Friendly and hands-on',
    keywords: [
      { name: 'video editing software', filter: null },
      { name: 'edit video', filter: null },
      { name: 'premiere', filter: '-"premiere date"' },
      { name: 'final cut', filter: null },
    ],
    heldOut: false,
  },
  {
    slug: 'vowline',
    name: 'Vowline',
    kind: 'wedding planning app',
    description:
      'A wedding planning app for couples: budget tracker, guest list and RSVPs, seating chart, vendor comparisons and a shared checklist.',
    goal: 'Find couples planning a wedding who struggle with the budget, the guest list or vendors',
    tov: 'Warm and reassuring',
    keywords: [
      { name: 'wedding planning', filter: null },
      { name: 'wedding budget', filter: null },
      { name: 'guest list', filter: null },
      { name: 'wedding', filter: null },
    ],
    heldOut: false,
  },
  {
    slug: 'hushlink',
    name: 'Hushlink',
    kind: 'privacy tool / VPN',
    description:
      'A VPN and tracker blocker: encrypts your connection on public Wi-Fi, hides your IP address from sites and blocks ad trackers on every device.',
    goal: 'Find people worried about online tracking or looking for a VPN',
    tov: 'Calm and straightforward',
    keywords: [
      { name: 'vpn', filter: null },
      { name: 'privacy', filter: null },
      { name: 'being tracked', filter: null },
      { name: 'encrypt', filter: null },
      { name: 'anonymous', filter: null },
    ],
    heldOut: true,
  },
  {
    slug: 'cvcraft',
    name: 'CVCraft',
    kind: 'resume builder',
    description:
      'A resume builder that turns your experience into a clean, ATS-friendly resume and a matching cover letter, with feedback on each bullet point.',
    goal: 'Find job seekers who need help with their resume or cover letter',
    tov: 'Direct and encouraging',
    keywords: [
      { name: 'resume help', filter: null },
      { name: 'cover letter', filter: null },
      { name: 'resume', filter: null },
    ],
    heldOut: true,
  },
  {
    slug: 'postcraft',
    name: 'Postcraft',
    kind: 'social media scheduler',
    description:
      'A social media scheduler for small businesses: plan and schedule posts for Instagram, Facebook, X and LinkedIn from one calendar, with best-time suggestions and a weekly engagement report.',
    goal: 'Find small businesses and marketers struggling to keep up with posting or to grow engagement',
    tov: 'Upbeat and practical',
    keywords: [
      { name: 'social media', filter: null },
      { name: 'schedule posts', filter: null },
      { name: 'engagement', filter: '-ring -wedding' },
      { name: 'hootsuite', filter: null },
      { name: 'instagram', filter: null },
    ],
    heldOut: false,
  },
  {
    slug: 'pressbolt',
    name: 'Pressbolt',
    kind: 'managed WordPress hosting',
    description:
      'Managed WordPress hosting that makes sites fast: caching and a CDN set up for you, automatic plugin and core updates with backups before each, and malware cleanup included.',
    goal: 'Find WordPress site owners with a slow or hacked site, plugin trouble, or looking for better hosting',
    tov: 'Knowledgeable and calm',
    keywords: [
      { name: 'wordpress', filter: null },
      { name: 'hosting', filter: null },
      { name: 'plugin', filter: null },
      { name: 'website slow', filter: null },
    ],
    heldOut: false,
  },
  {
    slug: 'classpilot',
    name: 'ClassPilot',
    kind: 'lesson planning and grading for teachers',
    description:
      'Lesson planning and grading for teachers: build a unit from standards-aligned templates, grade with rubrics in half the time, and share plans with your department.',
    goal: 'Find teachers overwhelmed by lesson planning or grading',
    tov: 'Supportive and down to earth',
    keywords: [
      { name: 'lesson plans', filter: null },
      { name: 'grading', filter: null },
      { name: 'classroom', filter: null },
      { name: 'lesson', filter: null },
    ],
    heldOut: true,
  },
  {
    slug: 'liftlog',
    name: 'Liftlog',
    kind: 'workout and nutrition tracker',
    description:
      'A workout and nutrition tracker: log lifts and runs, follow a beginner strength programme, count calories and macros from a barcode scan, and see progress over weeks.',
    goal: 'Find people starting to work out or trying to lose weight who need a plan or a way to track it',
    tov: 'Motivating and no-nonsense',
    keywords: [
      { name: 'workout', filter: null },
      { name: 'calories', filter: null },
      { name: 'routine', filter: null },
      { name: 'lose weight', filter: null },
      { name: 'gym', filter: null },
      { name: 'diet', filter: null },
    ],
    heldOut: true,
  },
];
