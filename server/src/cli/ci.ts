import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type Collection,
  type CollectionRun,
  type CollectionRunGroup,
  type RunAllResult,
} from '../../../contract/collections';

// `plainwright ci` (issue 15): runs a collection from any pipeline with the organization's service
// account key, prints a line per finished test and a summary, writes JUnit XML, and exits 0 when every
// test passed, 1 when one failed, 2 on an error or the timeout. It needs nothing but the server's URL
// and the key: no database, no browser, no configuration.

export const CI_USAGE = `Usage: plainwright ci --server URL --collection ID [options]  (the key in PLAINWRIGHT_KEY)

Runs a collection of tests on a Plainwright server and waits for the results. The organization's
service account key is read from PLAINWRIGHT_KEY in the environment.

  --server URL        the Plainwright server, e.g. https://plainwright.example.com
  --key KEY           the key on the command line instead: anyone who can list processes (ps) reads it
  --collection ID     the collection to run (its id is in its page's address)
  --base-url URL      run the tests against this website instead (a preview deployment)
  --env NAME          run the tests on this environment of the project (its origin and variables)
  --browsers LIST     chromium, firefox and/or webkit, comma-separated (default chromium); each test runs
                      in each (Firefox and WebKit need installing where the workers run)
  --timeout SECONDS   how long to wait for the results, 30 to 900 (default 300)
  --junit FILE        write the results as JUnit XML to FILE

Exit codes: 0 every test passed, 1 a test failed, 2 an error or the timeout.`;

export const EXIT = { passed: 0, failed: 1, error: 2 } as const;
export const KEY_FLAG_WARNING =
  'plainwright ci: warning: --key shows the key to anyone who can list processes (ps); set PLAINWRIGHT_KEY in the environment instead';
export const CI_TIMEOUT = { min: 30, max: 900, default: 300 } as const;
const CI_BROWSERS = ['chromium', 'firefox', 'webkit'];

const FINAL = new Set(['passed', 'failed', 'not_runnable', 'cancelled', 'flaky']);
/** A flaky run passed on its retry: it does not fail the pipeline, and says so. */
const GREEN = new Set(['passed', 'flaky']);

export interface CiOptions {
  server: string;
  key: string;
  /** Where the key came from: on the command line, `ps` shows it to anyone on the machine. */
  keyFrom: 'environment' | 'command line';
  collection: string;
  baseUrl: string | null;
  /** Issue 33: the name of one of the project's environments. */
  env: string | null;
  browsers: string[];
  timeoutSeconds: number;
  junit: string | null;
}

export interface CiIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
  /** Between two reads of the group's progress. */
  pollMs?: number;
  /** The clock the timeout is read on (tests move it). */
  now?: () => number;
}

class UsageError extends Error {}

/** The options from the command line, or a usage error naming what is wrong. */
export function parseCiArgs(argv: string[], env: Record<string, string | undefined>): CiOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        server: { type: 'string' },
        key: { type: 'string' },
        collection: { type: 'string' },
        'base-url': { type: 'string' },
        env: { type: 'string' },
        browsers: { type: 'string' },
        timeout: { type: 'string' },
        junit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const server = text('server');
  if (!server) throw new UsageError('--server is required: the address of your Plainwright server');
  if (!isHttpUrl(server)) throw new UsageError(`--server must be an http(s) address (got "${server}")`);
  const key = text('key') ?? env.PLAINWRIGHT_KEY?.trim() ?? null;
  if (!key)
    throw new UsageError(
      'PLAINWRIGHT_KEY is required in the environment: the service account key from Settings',
    );
  const collection = text('collection');
  if (!collection) throw new UsageError('--collection is required: the id of the collection to run');
  const baseUrl = text('base-url');
  if (baseUrl && !isHttpUrl(baseUrl))
    throw new UsageError(`--base-url must be an http(s) address (got "${baseUrl}")`);
  const envName = text('env');
  if (envName && baseUrl)
    throw new UsageError('--env and --base-url both choose the website: give one of them');
  const browsers = (text('browsers') ?? 'chromium')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = browsers.filter((name) => !CI_BROWSERS.includes(name));
  if (browsers.length === 0 || unknown.length > 0)
    throw new UsageError(`--browsers takes chromium, firefox and webkit (got "${text('browsers')}")`);
  const rawTimeout = text('timeout');
  const timeoutSeconds = rawTimeout === null ? CI_TIMEOUT.default : Number(rawTimeout);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < CI_TIMEOUT.min || timeoutSeconds > CI_TIMEOUT.max)
    throw new UsageError(
      `--timeout must be a whole number of seconds from ${CI_TIMEOUT.min} to ${CI_TIMEOUT.max} (got "${rawTimeout}")`,
    );
  return {
    server: server.replace(/\/+$/, ''),
    key,
    keyFrom: text('key') ? 'command line' : 'environment',
    collection,
    baseUrl,
    env: envName,
    browsers: [...new Set(browsers)],
    timeoutSeconds,
    junit: text('junit'),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

class CiError extends Error {}

/** The whole command: its exit code. */
export async function runCi(argv: string[], io: CiIo): Promise<number> {
  let options: CiOptions;
  try {
    options = parseCiArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) io.err(`plainwright ci: ${error.message}\n`);
    io.err(CI_USAGE);
    return EXIT.error;
  }
  if (options.keyFrom === 'command line') io.err(KEY_FLAG_WARNING);
  const known: Known = { collectionName: null, group: null, groupUrl: null };
  try {
    return await run(options, io, known);
  } catch (error) {
    if (!(error instanceof CiError)) throw error;
    io.err(`plainwright ci: ${error.message}`);
    // Exit 2 still leaves the JUnit file the pipeline asked for: what is known, and the error met.
    if (options.junit) {
      try {
        writeJunit(options, known, null, error.message);
      } catch (writeError) {
        if (!(writeError instanceof CiError)) throw writeError;
        io.err(`plainwright ci: ${writeError.message}`);
      }
    }
    return EXIT.error;
  }
}

/** What a run has learnt so far: on an error, the JUnit file says this much. */
interface Known {
  collectionName: string | null;
  group: CollectionRunGroup | null;
  groupUrl: string | null;
}

async function run(options: CiOptions, io: CiIo, known: Known): Promise<number> {
  const collectionPath = `/api/test-suites/collection/${encodeURIComponent(options.collection)}`;
  const started = await call<RunAllResult>(options, 'POST', `${collectionPath}/run-all`, {
    ...(options.baseUrl ? { website_url_override: options.baseUrl } : {}),
    ...(options.env ? { environment_name: options.env } : {}),
    browsers: options.browsers,
  });
  const groupUrl = `${options.server}/test-cases/collection/${encodeURIComponent(options.collection)}?created_at=${encodeURIComponent(started.created_at)}`;
  known.groupUrl = groupUrl;
  io.out(`Started ${started.run_ids.length} test${started.run_ids.length === 1 ? '' : 's'}: ${groupUrl}`);

  const now = io.now ?? Date.now;
  const deadline = now() + options.timeoutSeconds * 1000;
  const reported = new Set<string>();
  let collection: Collection | null = null;
  let group: CollectionRunGroup | null = null;
  for (;;) {
    collection = await call<Collection>(
      options,
      'GET',
      `${collectionPath}?linked_runs_created_at=${encodeURIComponent(started.created_at)}`,
    );
    known.collectionName = collection.name;
    group = collection.linked_runs.find((candidate) => candidate.created_at === started.created_at) ?? null;
    if (!group) throw new CiError('The server does not show the run group it started; see ' + groupUrl);
    known.group = group;
    for (const run of group.runs)
      if (FINAL.has(run.status) && !reported.has(run._id)) {
        reported.add(run._id);
        io.out(progressLine(run, group));
      }
    if (group.runs.every((run) => FINAL.has(run.status))) break;
    if (now() >= deadline) {
      const unfinished = group.runs.filter((run) => !FINAL.has(run.status)).map((run) => label(run, group!));
      await call(
        options,
        'POST',
        `${collectionPath}/cancel?created_at=${encodeURIComponent(started.created_at)}`,
      ).catch(() => undefined);
      io.err(
        `plainwright ci: timed out after ${options.timeoutSeconds} s with ${unfinished.length} test${unfinished.length === 1 ? '' : 's'} unfinished (${unfinished.join(', ')}); they were cancelled.`,
      );
      if (options.junit) writeJunit(options, known, 'timeout', null);
      io.out(summary(group));
      return EXIT.error;
    }
    await new Promise((resolve) => setTimeout(resolve, io.pollMs ?? 2000));
  }
  io.out(summary(group));
  if (options.junit) writeJunit(options, known, null, null);
  io.out(`Results: ${groupUrl}`);
  // A quarantined test's failure is shown, but fails no pipeline (issue 33).
  return group.runs.every((run) => GREEN.has(run.status) || run.quarantined) ? EXIT.passed : EXIT.failed;
}

async function call<T>(options: CiOptions, method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${options.server}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CiError(`cannot reach ${options.server}: ${(error as Error).message}`);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's page, say; its status says enough.
  }
  if (!response.ok) {
    const message = (parsed as { error?: { message?: string } } | null)?.error?.message;
    throw new CiError(
      `${method} ${path.split('?')[0]} answered ${response.status}: ${message ?? (text.slice(0, 200) || response.statusText)}`,
    );
  }
  return parsed as T;
}

function seconds(run: CollectionRun): string {
  return run.execution_time_in_secs === null ? '' : ` (${run.execution_time_in_secs.toFixed(1)} s)`;
}

/** A run's test, and its browser when the group ran in more than one. */
function label(run: CollectionRun, group: CollectionRunGroup): string {
  const browsers = new Set(group.runs.map((each) => each.browser));
  return browsers.size > 1 ? `${run.test_name} [${run.browser}]` : run.test_name;
}

export function progressLine(run: CollectionRun, group: CollectionRunGroup): string {
  const mark = GREEN.has(run.status) ? '✓' : '✗';
  const why = run.error_message && !GREEN.has(run.status) ? ` — ${run.error_message}` : '';
  const flaky = run.status === 'flaky' ? ' — passed on its retry' : '';
  const quarantined = run.quarantined && !GREEN.has(run.status) ? ' (quarantined: fails nothing)' : '';
  return `${mark} ${run.status.padEnd(12)} ${label(run, group)}${seconds(run)}${flaky}${quarantined}${why}`;
}

export function summary(group: CollectionRunGroup): string {
  const counts = new Map<string, number>();
  for (const run of group.runs) counts.set(run.status, (counts.get(run.status) ?? 0) + 1);
  const rows = group.runs.map((run) => [
    label(run, group),
    run.status,
    run.execution_time_in_secs === null ? '' : `${run.execution_time_in_secs.toFixed(1)} s`,
    run.failing_step_index === null ? '' : `step ${run.failing_step_index + 1}`,
  ]);
  const header = ['Test', 'Status', 'Time', 'Failed at'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const totals = [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
  return [
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `${group.runs.length} ${group.runs.length === 1 ? 'test' : 'tests'}: ${totals}`,
  ].join('\n');
}

/**
 * JUnit XML as CI servers read it: one testsuite (the collection), one testcase per test. `problem`
 * is an error that stopped the command (exit 2): it is one more testcase, "plainwright ci", with an
 * error element, after whatever runs were known by then.
 */
export function junitXml(
  collectionName: string,
  group: CollectionRunGroup | null,
  groupUrl: string | null,
  server: string,
  timedOut: 'timeout' | null,
  problem: string | null = null,
): string {
  const runs = group?.runs ?? [];
  const failures = runs.filter((run) => run.status === 'failed').length;
  const errors =
    runs.filter((run) => !GREEN.has(run.status) && run.status !== 'failed').length + (problem ? 1 : 0);
  const time = (run: CollectionRun) => (run.execution_time_in_secs ?? 0).toFixed(3);
  const total = runs.reduce((sum, run) => sum + (run.execution_time_in_secs ?? 0), 0);
  const cases = runs.map((run) => {
    const link = `${server}/test-cases/details/${encodeURIComponent(run.test_case_id)}/runs`;
    const attrs = `name="${xml(label(run, group!))}" classname="${xml(collectionName)}" time="${time(run)}"`;
    const message =
      run.error_message ??
      (timedOut && !FINAL.has(run.status) ? 'Not finished before the timeout' : run.status);
    // The runner's message names its step already ("Step 2, "…", failed: …"): the step is said once.
    const step = run.failing_step_index === null ? null : `Step ${run.failing_step_index + 1}`;
    const where = step === null || new RegExp(`^${step}\\b`).test(message) ? '' : `${step}: `;
    const out = `<system-out>${xml(`Run ${run._id}: ${link}`)}${run.status === 'flaky' ? xml('\nFailed once, passed on its retry (flaky).') : ''}</system-out>`;
    if (GREEN.has(run.status)) return `    <testcase ${attrs}>\n      ${out}\n    </testcase>`;
    const element = run.status === 'failed' ? 'failure' : 'error';
    return `    <testcase ${attrs}>\n      <${element} message="${xml(where + message)}" type="${xml(run.status)}">${xml(`${where}${message}\n${link}`)}</${element}>\n      ${out}\n    </testcase>`;
  });
  if (problem)
    cases.push(
      `    <testcase name="plainwright ci" classname="${xml(collectionName)}" time="0.000">\n      <error message="${xml(problem)}" type="error">${xml(problem)}</error>\n    </testcase>`,
    );
  const tests = cases.length;
  const timestamp = (group?.created_at ?? new Date().toISOString()).replace(/Z$/, '');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Plainwright" tests="${tests}" failures="${failures}" errors="${errors}" time="${total.toFixed(3)}">`,
    `  <testsuite name="${xml(collectionName)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="0" time="${total.toFixed(3)}" timestamp="${xml(timestamp)}">`,
    ...(groupUrl ? [`    <properties><property name="url" value="${xml(groupUrl)}"/></properties>`] : []),
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function writeJunit(
  options: CiOptions,
  known: Known,
  timedOut: 'timeout' | null,
  problem: string | null,
): void {
  // Before the collection was read (the server unreachable, an unknown collection) it is named by its id.
  const name = known.collectionName ?? `Collection ${options.collection}`;
  try {
    fs.writeFileSync(
      options.junit!,
      junitXml(name, known.group, known.groupUrl, options.server, timedOut, problem),
    );
  } catch (error) {
    throw new CiError(`cannot write ${options.junit}: ${(error as Error).message}`);
  }
}

/** Text and attribute values in XML: the five entities, and no characters XML 1.0 forbids. */
function xml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
