import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import type { Finding } from './findings';
import { writeReport } from './findings';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Five runs, their median: what Lighthouse advises for a figure that varies from run to run. */
export const runs = 5;

/** The bars of issue 6: scores (0–1) at least, metrics at most. */
const scoreBars: Record<(typeof categories)[number], number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 0.9,
};
const metricBars = [
  {
    id: 'largest-contentful-paint',
    name: 'LCP',
    max: 2000,
    show: (v: number) => `${(v / 1000).toFixed(2)} s`,
  },
  { id: 'total-blocking-time', name: 'TBT', max: 100, show: (v: number) => `${Math.round(v)} ms` },
  { id: 'cumulative-layout-shift', name: 'CLS', max: 0.02, show: (v: number) => v.toFixed(3) },
] as const;

export interface LighthousePage {
  /** A short name for the table and the report files: 'sign-in', 'mentions'. */
  name: string;
  url: string;
  /** The path the page must still be on when Lighthouse is done (a redirect means it audited the wrong page). */
  expectPath: string;
  /** Sent with every request (the signed-in page's session cookie). */
  extraHeaders?: Record<string, string>;
  /**
   * A low-end phone (issue 16): Lighthouse's mobile network with this CPU slowdown instead of its 4×, and
   * only its own figures (`lowEndBars`), reported.
   */
  cpuSlowdown?: number;
}

/**
 * The bars of a low-end phone (CPU slowdown 8×): performance at least, TBT at most (issue 16; issue 26 asks
 * performance ≥ 0.95 of the 50-post day, decision 072).
 */
export const lowEndBars = { performance: 0.95, tbtMs: 200 } as const;

/** Lighthouse's own failures to record a run (NO_NAVSTART, NO_FCP…), which a second try usually clears. */
class LighthouseRuntimeError extends Error {}

/** How many times a run that Lighthouse itself could not record is tried before it counts as an error. */
const attemptsPerRun = 3;

/**
 * Lighthouse's own threshold for a host slower than it expects (`SLOW_CPU_BENCHMARK_INDEX_THRESHOLD`):
 * below it, Lighthouse warns that the CPU slowdown overstates the page's cost. On this shared machine that
 * is a moment when other work holds the cores, not the page.
 */
const slowHostBenchmark = 1000;

/** How many times a run on a host slower than Lighthouse expects is made again, a while later. */
const slowHostRetries = 2;
const slowHostPauseMs = 15_000;

/**
 * One run that Lighthouse recorded. A run on a host slower than Lighthouse expects is made again after a
 * pause, twice at most; if every try was slow, the fastest host's run counts (and its benchmark is shown).
 */
async function runOnce(page: LighthousePage, run: number): Promise<Result> {
  let fastest: Result | null = null;
  for (let retry = 0; retry <= slowHostRetries; retry += 1) {
    const lhr = await recordedRun(page, run);
    if (!fastest || lhr.environment.benchmarkIndex > fastest.environment.benchmarkIndex) fastest = lhr;
    if (lhr.environment.benchmarkIndex >= slowHostBenchmark) return lhr;
    if (retry < slowHostRetries) {
      console.warn(
        `audit: lighthouse ${page.name} run ${run}: the host is slower than Lighthouse expects ` +
          `(CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)} < ${slowHostBenchmark}); trying again`,
      );
      await new Promise((resolve) => setTimeout(resolve, slowHostPauseMs));
    }
  }
  return fastest as Result;
}

async function recordedRun(page: LighthousePage, run: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptRun(page, run);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= attemptsPerRun) throw error;
      console.warn(`audit: lighthouse ${page.name} run ${run}: ${error.message}; trying again`);
    }
  }
}

async function attemptRun(page: LighthousePage, run: number): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: page.cpuSlowdown ? ['performance'] : [...categories],
      ...(page.extraHeaders ? { extraHeaders: page.extraHeaders } : {}),
      ...(page.cpuSlowdown
        ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: page.cpuSlowdown } }
        : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    const report = Array.isArray(result.report) ? result.report.join('\n') : result.report;
    writeReport(`lighthouse/${page.name}-run-${run}.html`, report);
    writeReport(`lighthouse/${page.name}-run-${run}.json`, result.lhr);
    if (result.lhr.runtimeError)
      throw new LighthouseRuntimeError(`Lighthouse: ${result.lhr.runtimeError.message}`);
    const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.expectPath)
      throw new Error(`Lighthouse ended on ${finalPath}, not ${page.expectPath}: it audited the wrong page`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The run whose value is the median, to read the failing audits from. */
function medianRun(lhrs: Result[], value: (lhr: Result) => number): Result {
  const target = median(lhrs.map(value));
  const found = lhrs.find((lhr) => value(lhr) === target) ?? lhrs[0];
  if (!found) throw new Error('no Lighthouse runs');
  return found;
}

/** The audits of a category that cost it points, worst first, e.g. 'errors-in-console (0)'. */
function failingAudits(lhr: Result, category: string): string {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => (a?.score ?? 0) - (b?.score ?? 0))
    .map((audit) => `${audit?.id} (${audit?.score}${audit?.displayValue ? `, ${audit.displayValue}` : ''})`)
    .join('; ');
}

/** What is largest on screen, for the LCP line. */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? 'unknown';
}

/**
 * Lighthouse, mobile with simulated throttling, `runs` runs; the median of each score and metric. A page
 * whose medians miss a bar is audited once more, a while later, and the second set's medians are judged;
 * the first set's misses stay in the table (decision 059). A page that costs too much misses in both.
 */
export async function lighthouseAudit(page: LighthousePage): Promise<Finding[]> {
  const audit = `lighthouse ${page.name}`;
  const first = judged(audit, page, await runSet(page, 1));
  const missed = first.filter((finding) => !finding.pass);
  if (page.cpuSlowdown || missed.length === 0) return first;
  const misses = missed.map((finding) => `${finding.metric} ${finding.value.split(' (')[0]}`).join(', ');
  console.warn(
    `audit: ${audit} missed ${misses} (bar ${missed.map((f) => f.bar).join(', ')}); auditing it again`,
  );
  await new Promise((resolve) => setTimeout(resolve, slowHostPauseMs));
  const second = judged(audit, page, await runSet(page, runs + 1));
  return [
    ...second,
    {
      audit,
      metric: 'first set of runs (audited again)',
      value: `missed ${misses}`,
      bar: 'reported',
      pass: true,
    },
  ];
}

/** `runs` runs of a page, numbered from `firstRun` (their report files carry the number). */
async function runSet(page: LighthousePage, firstRun: number): Promise<Result[]> {
  const lhrs: Result[] = [];
  for (let run = firstRun; run < firstRun + runs; run += 1) lhrs.push(await runOnce(page, run));
  return lhrs;
}

/** Each category's score and each metric of a set of runs, their medians against the bars. */
function judged(audit: string, page: LighthousePage, lhrs: Result[]): Finding[] {
  if (page.cpuSlowdown) return [...lowEndFindings(audit, lhrs), benchmarkFinding(audit, lhrs)];
  const findings: Finding[] = [];

  for (const category of categories) {
    const score = (lhr: Result) => lhr.categories[category]?.score ?? 0;
    const value = median(lhrs.map(score));
    const pass = value >= scoreBars[category];
    findings.push({
      audit,
      metric: category,
      value: `${value.toFixed(2)} (${lhrs.map((lhr) => score(lhr).toFixed(2)).join(', ')})`,
      bar: scoreBars[category] === 1 ? '= 1' : `≥ ${scoreBars[category]}`,
      pass,
      ...(pass ? {} : { detail: failingAudits(medianRun(lhrs, score), category) }),
    });
  }
  for (const metric of metricBars) {
    const numeric = (lhr: Result) => lhr.audits[metric.id]?.numericValue ?? Number.POSITIVE_INFINITY;
    const value = median(lhrs.map(numeric));
    const pass = value <= metric.max;
    findings.push({
      audit,
      metric: metric.name,
      value: `${metric.show(value)} (${lhrs.map((lhr) => metric.show(numeric(lhr))).join(', ')})`,
      bar: `≤ ${metric.show(metric.max)}`,
      pass,
      ...(pass
        ? {}
        : {
            detail:
              metric.name === 'LCP'
                ? `largest element: ${lcpElement(medianRun(lhrs, numeric))}; ${failingAudits(medianRun(lhrs, numeric), 'performance')}`
                : failingAudits(medianRun(lhrs, numeric), 'performance'),
          }),
    });
  }
  findings.push(benchmarkFinding(audit, lhrs));
  const firstRun = lhrs[0];
  if (firstRun) writeReport(`lighthouse/${page.name}-lcp-element.txt`, `${lcpElement(firstRun)}\n`);
  return findings;
}

/**
 * Lighthouse's CPU benchmark at the start of each run, reported: every task's time is multiplied by the
 * CPU slowdown, so a run on a busy moment (a low benchmark) reads as a slower page.
 */
function benchmarkFinding(audit: string, lhrs: Result[]): Finding {
  const index = (lhr: Result) => Math.round(lhr.environment.benchmarkIndex);
  return {
    audit,
    metric: 'CPU benchmark (higher is faster)',
    value: `${median(lhrs.map(index))} (${lhrs.map(index).join(', ')})`,
    bar: 'reported',
    pass: true,
  };
}

/**
 * The low-end phone's two figures, performance and TBT, the median of the runs, each against its bar but
 * reported rather than binding: on this shared 2-core machine an 8× slowdown of a busy moment swings the
 * 50-post day from 42 ms to over 900 ms (decision 034), so a miss is shown, not failed on.
 */
function lowEndFindings(audit: string, lhrs: Result[]): Finding[] {
  const score = (lhr: Result) => lhr.categories.performance?.score ?? 0;
  const tbt = (lhr: Result) => lhr.audits['total-blocking-time']?.numericValue ?? Number.POSITIVE_INFINITY;
  const performance = median(lhrs.map(score));
  const blocking = median(lhrs.map(tbt));
  const verdict = (met: boolean) => (met ? '' : ' (misses its bar)');
  return [
    {
      audit,
      metric: 'performance',
      value: `${performance.toFixed(2)} (${lhrs.map((lhr) => score(lhr).toFixed(2)).join(', ')})${verdict(performance >= lowEndBars.performance)}`,
      bar: `reported; ≥ ${lowEndBars.performance}`,
      pass: true,
    },
    {
      audit,
      metric: 'TBT',
      value: `${Math.round(blocking)} ms (${lhrs.map((lhr) => `${Math.round(tbt(lhr))} ms`).join(', ')})${verdict(blocking <= lowEndBars.tbtMs)}`,
      bar: `reported; ≤ ${lowEndBars.tbtMs} ms`,
      pass: true,
    },
  ];
}
