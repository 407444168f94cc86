import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One measured figure against its bar. */
export interface Finding {
  /** Which audit measured it: 'lighthouse sign-in', 'pwa', 'axe', 'bundle'… */
  audit: string;
  /** What was measured, in the words the report prints. */
  metric: string;
  /** The figure as printed ('0.98', '1.2 s', '141.5 KB', 'none'). */
  value: string;
  /** The bar as printed ('≥ 0.95', '≤ 150 KB', 'none'). */
  bar: string;
  pass: boolean;
  /** What failed, when it did: the violations, the error, the slowest audit… */
  detail?: string;
}

/** The folder every report of this run is written under (git ignores `reports/`). */
export const reportsDir = path.resolve('reports', 'audit');

export function writeReport(name: string, contents: string | object): string {
  const file = path.join(reportsDir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof contents === 'string' ? contents : `${JSON.stringify(contents, null, 2)}\n`);
  return file;
}

/** A check that throws instead of measuring is a failed finding, so the other checks still run. */
export async function guarded(
  audit: string,
  metric: string,
  check: () => Promise<Finding[]>,
): Promise<Finding[]> {
  try {
    return await check();
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return [{ audit, metric, value: 'error', bar: 'runs', pass: false, detail: message }];
  }
}

/** The summary table, one line per finding, failures marked. */
export function summaryTable(findings: Finding[]): string {
  const header = ['', 'audit', 'metric', 'value', 'bar'];
  const rows = findings.map((f) => [f.pass ? 'ok' : 'FAIL', f.audit, f.metric, f.value, f.bar]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
