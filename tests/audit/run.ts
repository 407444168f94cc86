// `npm run audit`: Lighthouse, the PWA checks, axe-core and the bundle budget on the built app, served the
// way `npm start` serves it, on a fresh PostgreSQL database. Reports go under reports/audit/; a missed
// bar prints what missed it and exits 1. See docs/decisions/014-audits-and-their-bars.md.
import { rmSync } from 'node:fs';
import { launchBrowser } from '../support/chromium';
import {
  type AuditProduct,
  personWithABusyDay,
  personWithPosts,
  sessionCookieHeader,
  startAuditProduct,
  visitorContext,
} from './audit-product';
import { axeAudit } from './axe-audit';
import { ensureBuild } from './build';
import { answersTakeTyping, bundleAudit, signInAnswers } from './bundle-audit';
import { type Finding, guarded, reportsDir, summaryTable, writeReport } from './findings';
import { type LighthousePage, lighthouseAudit, runs } from './lighthouse-audit';
import { pwaAudit } from './pwa-audit';

const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);

if (!process.env.DATABASE_URL) {
  console.error(
    'npm run audit needs DATABASE_URL, a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test): ' +
      'the audit seeds posts into a fresh database there while the product serves them, which the ' +
      'embedded PGlite cannot share between two processes.',
  );
  process.exit(1);
}

console.log(`audit: build ${ensureBuild()}`);
rmSync(reportsDir, { recursive: true, force: true });

const started = performance.now();
const findings: Finding[] = [];
let audit: AuditProduct | null = null;
const browser = await launchBrowser();
try {
  audit = await startAuditProduct();
  const { baseURL } = audit.product;

  // The signed-in person of the Lighthouse and bundle figures: a reviewed project and a day of mentions.
  const signedIn = await visitorContext(browser, audit);
  await personWithPosts(audit, signedIn);
  const cookie = await sessionCookieHeader(signedIn);
  const storageState = await signedIn.storageState();
  await signedIn.close();

  if (wanted('bundle')) {
    console.log('audit: bundle');
    findings.push(
      ...(await guarded('bundle sign-in', 'measured', () =>
        bundleAudit(browser, baseURL, {
          name: 'sign-in',
          path: '/sign-in',
          interactive: signInAnswers,
        }),
      )),
      ...(await guarded('bundle mentions', 'measured', () =>
        bundleAudit(browser, baseURL, {
          name: 'mentions',
          path: '/mentions/reddit',
          storageState,
          interactive: answersTakeTyping,
        }),
      )),
    );
  }
  if (wanted('lighthouse')) {
    for (const page of [
      { name: 'sign-in', url: `${baseURL}/sign-in`, expectPath: '/sign-in' },
      {
        name: 'mentions',
        url: `${baseURL}/mentions/reddit`,
        expectPath: '/mentions/reddit',
        extraHeaders: { Cookie: cookie },
      },
    ]) {
      console.log(`audit: lighthouse ${page.name} (${runs} runs)`);
      findings.push(...(await guarded(`lighthouse ${page.name}`, 'runs', () => lighthouseAudit(page))));
    }
  }
  if (wanted('lighthouse') || wanted('low-end')) {
    // A low-end phone (CPU 8×, issue 16): sign in, and a day of 50 mentions.
    const busy = await visitorContext(browser, audit);
    await personWithABusyDay(audit, busy);
    const busyCookie = await sessionCookieHeader(busy);
    await busy.close();
    const lowEnd: LighthousePage[] = [
      { name: 'sign-in-low-end', url: `${baseURL}/sign-in`, expectPath: '/sign-in', cpuSlowdown: 8 },
      {
        name: 'mentions-50-low-end',
        url: `${baseURL}/mentions/reddit`,
        expectPath: '/mentions/reddit',
        extraHeaders: { Cookie: busyCookie },
        cpuSlowdown: 8,
      },
    ];
    for (const page of lowEnd) {
      console.log(`audit: lighthouse ${page.name} (${runs} runs)`);
      findings.push(...(await guarded(`lighthouse ${page.name}`, 'runs', () => lighthouseAudit(page))));
    }
  }
  if (wanted('axe')) {
    console.log('audit: axe-core');
    findings.push(...(await guarded('axe', 'runs', () => axeAudit(browser, audit as AuditProduct))));
  }
  // Last: the update check replaces the app the server serves.
  if (wanted('pwa')) {
    console.log('audit: pwa');
    findings.push(...(await guarded('pwa', 'runs', () => pwaAudit(browser, audit as AuditProduct))));
  }
} catch (error) {
  findings.push({
    audit: 'setup',
    metric: 'product started',
    value: 'error',
    bar: 'runs',
    pass: false,
    detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
} finally {
  await browser.close();
  await audit?.close();
}

const table = summaryTable(findings);
const failed = findings.filter((f) => !f.pass);
writeReport('summary.json', { seconds: Math.round((performance.now() - started) / 1000), findings });
writeReport('summary.txt', `${table}\n`);
console.log(`\n${table}\n\nreports: ${reportsDir}`);
if (failed.length > 0) {
  console.error(`\n${failed.length} bar(s) missed:`);
  for (const f of failed)
    console.error(`  ${f.audit}: ${f.metric} = ${f.value} (bar ${f.bar})\n    ${f.detail ?? ''}`);
  process.exit(1);
}
console.log('\nevery bar met');
