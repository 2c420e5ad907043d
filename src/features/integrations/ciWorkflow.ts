import type { CiBrowser } from './types';

// The pipeline snippets the Integrations page hands out: a GitHub Actions workflow and a GitLab CI job
// that check Plainwright out, install it and run one collection with the CLI (README "Running a
// collection from CI"). Pure text, so they are tested by parsing them back.

/** Where teams get the CLI from; the tag is this server's version. */
export const PLAINWRIGHT_REPOSITORY = 'plainwright/plainwright';
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
  /** The tag of Plainwright to check out, e.g. v0.2.8. */
  ref: string;
  repository?: string;
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

/** The CLI call; `key` is the pipeline's expression for the secret (quoted by the shell). */
export function ciCommand(options: CiWorkflowOptions, key: string): string[] {
  const browsers = options.browsers.join(',');
  return [
    'npx --prefix plainwright --no-install plainwright ci',
    `--server ${shellQuote(options.server.replace(/\/+$/, ''))}`,
    `--key "${key}"`,
    `--collection ${shellQuote(options.collectionId)}`,
    `--timeout ${options.timeoutSeconds}`,
    ...(browsers === 'chromium' ? [] : [`${BROWSERS_OPTION} ${browsers}`]),
    `--junit ${JUNIT_FILE}`,
  ];
}

/** Minutes a job may take: the CLI's own timeout plus the install. */
const jobMinutes = (timeoutSeconds: number) => Math.ceil(timeoutSeconds / 60) + 10;

export function githubActionsWorkflow(options: CiWorkflowOptions): string {
  const repository = options.repository ?? PLAINWRIGHT_REPOSITORY;
  const command = ciCommand(options, `\${{ secrets.${KEY_SECRET} }}`);
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
    '      - name: Check out Plainwright',
    '        uses: actions/checkout@v4',
    '        with:',
    `          repository: ${yamlString(repository)}`,
    `          ref: ${yamlString(options.ref)}`,
    '          path: plainwright',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 20',
    '      - name: Install the Plainwright CLI',
    '        run: npm ci --prefix plainwright',
    '      - name: Run the test suite',
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
  const repository = options.repository ?? PLAINWRIGHT_REPOSITORY;
  const clone = `git clone --depth 1 --branch ${shellQuote(options.ref)} https://github.com/${repository}.git plainwright`;
  const command = ciCommand(options, `$${KEY_SECRET}`).join(' ');
  return [
    'plainwright:',
    '  image: node:20',
    `  timeout: ${jobMinutes(options.timeoutSeconds)} minutes`,
    '  script:',
    `    - ${yamlString(clone)}`,
    '    - npm ci --prefix plainwright',
    `    - ${yamlString(command)}`,
    '  artifacts:',
    '    when: always',
    '    reports:',
    `      junit: ${JUNIT_FILE}`,
    '',
  ].join('\n');
}
