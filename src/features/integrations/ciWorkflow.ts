import type { CiBrowser } from './types';

// The pipeline snippets the Integrations page hands out: a GitHub Actions workflow and a GitLab CI job
// that download the CLI from the Plainwright server itself (one file, the version that server speaks,
// nothing to install) and run one collection with it (README "Running a collection from CI"). Pure
// text, so they are tested by parsing them back.

/** The file the server serves the CLI as, and what pipelines save it as. */
export const CLI_PATH = '/api/cli/plainwright.mjs';
export const CLI_FILE = 'plainwright.mjs';
/** The CLI's option for browsers other than its default, Chromium alone. */
export const BROWSERS_OPTION = '--browsers';
export const KEY_SECRET = 'PLAINWRIGHT_KEY';
export const JUNIT_FILE = 'results.xml';

export interface CiWorkflowOptions {
  /** The Plainwright server's address, e.g. https://plainwright.example.com. */
  server: string;
  collectionId: string;
  collectionName: string;
  timeoutSeconds: number;
  browsers: readonly CiBrowser[];
}

/** A word the shell reads as itself: left bare when it is plain, else single-quoted. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A YAML scalar for any text: bare when YAML reads it as plain text, else JSON's double quotes (valid YAML). */
export function yamlString(value: string): string {
  const plain =
    /^[A-Za-z0-9./$]/.test(value) &&
    !/: | #|:$|\s$|[\n\t\\]/.test(value) &&
    // Words YAML reads as numbers, booleans or null stay text.
    !/^(true|false|null|yes|no|on|off|[-+.\d][\d._eE+-]*)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

/**
 * The CLI call. NOTE: the key is not on it: the CLI reads PLAINWRIGHT_KEY from the environment, where
 * `ps` does not show it to the other processes of the runner (issue 27).
 */
export function ciCommand(options: CiWorkflowOptions): string[] {
  const browsers = options.browsers.join(',');
  return [
    `node ${CLI_FILE} ci`,
    `--server ${shellQuote(serverOf(options))}`,
    `--collection ${shellQuote(options.collectionId)}`,
    `--timeout ${options.timeoutSeconds}`,
    ...(browsers === 'chromium' ? [] : [`${BROWSERS_OPTION} ${browsers}`]),
    `--junit ${JUNIT_FILE}`,
  ];
}

const serverOf = (options: CiWorkflowOptions) => options.server.replace(/\/+$/, '');

/**
 * Whether an address names the machine it is typed on (localhost, 127.0.0.0/8, ::1): a CI runner that
 * calls it reaches itself, never this server (issue 28).
 */
export function isLoopbackAddress(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1' ||
    /^::ffff:(127(\.\d{1,3}){3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})$/.test(host)
  );
}

/** Downloads the CLI from the server the pipeline calls. */
export const downloadCommand = (options: CiWorkflowOptions) =>
  `curl -fsSL ${shellQuote(`${serverOf(options)}${CLI_PATH}`)} -o ${CLI_FILE}`;

/** Minutes a job may take: the CLI's own timeout plus room for the download and the runner's start. */
const jobMinutes = (timeoutSeconds: number) => Math.ceil(timeoutSeconds / 60) + 10;

export function githubActionsWorkflow(options: CiWorkflowOptions): string {
  const command = ciCommand(options);
  return [
    'name: Plainwright',
    'on:',
    '  push:',
    '  pull_request:',
    '  workflow_dispatch:',
    'permissions:',
    '  contents: read',
    '  checks: write # the JUnit report becomes a check with the failing tests',
    'jobs:',
    '  plainwright:',
    `    name: ${yamlString(`Plainwright: ${options.collectionName}`)}`,
    '    runs-on: ubuntu-latest',
    `    timeout-minutes: ${jobMinutes(options.timeoutSeconds)}`,
    '    steps:',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 20',
    '      - name: Get the Plainwright CLI from the server',
    `        run: ${yamlString(downloadCommand(options))}`,
    '      - name: Run the test suite',
    '        env:',
    `          ${KEY_SECRET}: \${{ secrets.${KEY_SECRET} }}`,
    '        run: >-',
    ...command.map((part) => `          ${part}`),
    '      - name: Report the results',
    '        if: always()',
    '        uses: mikepenz/action-junit-report@v5',
    '        with:',
    `          report_paths: ${JUNIT_FILE}`,
    '',
  ].join('\n');
}

export function gitlabCiJob(options: CiWorkflowOptions): string {
  // A CI/CD variable is in the job's environment already.
  const command = ciCommand(options).join(' ');
  return [
    'plainwright:',
    '  image: node:20',
    `  timeout: ${jobMinutes(options.timeoutSeconds)} minutes`,
    '  script:',
    `    - ${yamlString(downloadCommand(options))}`,
    `    - ${yamlString(command)}`,
    '  artifacts:',
    '    when: always',
    '    reports:',
    `      junit: ${JUNIT_FILE}`,
    '',
  ].join('\n');
}
