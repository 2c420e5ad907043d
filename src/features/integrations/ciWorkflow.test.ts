import { parse } from 'yaml';
import {
  ciCommand,
  githubActionsWorkflow,
  gitlabCiJob,
  shellQuote,
  yamlString,
  type CiWorkflowOptions,
} from './ciWorkflow';

const options: CiWorkflowOptions = {
  server: 'https://plainwright.example.com/',
  collectionId: '3f2c9a1e-5b7d-4c1a-9e8f-0a1b2c3d4e5f',
  collectionName: 'Checkout: nightly',
  timeoutSeconds: 420,
  browsers: ['chromium'],
  ref: 'v0.2.8',
  repository: 'acme/plainwright',
};

interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<
    string,
    {
      name: string;
      'runs-on': string;
      'timeout-minutes': number;
      steps: { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown> }[];
    }
  >;
}

const expectedCommand = (key: string) =>
  'npx --prefix plainwright --no-install plainwright ci --server https://plainwright.example.com ' +
  `--key "${key}" --collection 3f2c9a1e-5b7d-4c1a-9e8f-0a1b2c3d4e5f --timeout 420 --junit results.xml`;

describe('githubActionsWorkflow', () => {
  it('is a workflow on push, pull request and by hand that checks out, installs and runs the CLI', () => {
    const workflow = parse(githubActionsWorkflow(options)) as Workflow;
    expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request', 'workflow_dispatch']);
    expect(workflow.permissions).toEqual({ contents: 'read', checks: 'write' });
    const job = workflow.jobs.plainwright;
    expect(job).toMatchObject({
      name: 'Plainwright: Checkout: nightly',
      'runs-on': 'ubuntu-latest',
      'timeout-minutes': 17,
    });
    const [checkout, node, install, run, report] = job.steps;
    expect(checkout).toMatchObject({
      uses: 'actions/checkout@v4',
      with: { repository: 'acme/plainwright', ref: 'v0.2.8', path: 'plainwright' },
    });
    expect(node).toMatchObject({ uses: 'actions/setup-node@v4', with: { 'node-version': 20 } });
    expect(install.run).toBe('npm ci --prefix plainwright');
    expect(run.run).toBe(expectedCommand('${{ secrets.PLAINWRIGHT_KEY }}'));
    expect(report).toMatchObject({
      if: 'always()',
      uses: 'mikepenz/action-junit-report@v5',
      with: { report_paths: 'results.xml' },
    });
  });

  it('names browsers other than Chromium alone', () => {
    const workflow = parse(
      githubActionsWorkflow({ ...options, browsers: ['chromium', 'webkit'] }),
    ) as Workflow;
    expect(workflow.jobs.plainwright.steps[3].run).toContain(
      '--browsers chromium,webkit --junit results.xml',
    );
  });

  it('keeps a version-like tag as text', () => {
    const workflow = parse(githubActionsWorkflow({ ...options, ref: '1.10' })) as Workflow;
    expect(workflow.jobs.plainwright.steps[0].with?.ref).toBe('1.10');
  });
});

describe('gitlabCiJob', () => {
  it('clones, installs, runs the CLI with the CI/CD variable and keeps the JUnit report', () => {
    const job = (parse(gitlabCiJob(options)) as Record<string, Record<string, unknown>>).plainwright;
    expect(job.image).toBe('node:20');
    expect(job.script).toEqual([
      'git clone --depth 1 --branch v0.2.8 https://github.com/acme/plainwright.git plainwright',
      'npm ci --prefix plainwright',
      expectedCommand('$PLAINWRIGHT_KEY'),
    ]);
    expect(job.artifacts).toEqual({ when: 'always', reports: { junit: 'results.xml' } });
  });
});

describe('quoting', () => {
  it('leaves plain words bare and quotes anything the shell would read otherwise', () => {
    expect(shellQuote('collection-12')).toBe('collection-12');
    expect(shellQuote("it's; rm -rf /")).toBe(`'it'\\''s; rm -rf /'`);
    expect(ciCommand({ ...options, collectionId: 'a b' }, '$K')).toContain("--collection 'a b'");
  });

  it.each([
    'plain text',
    'key: value',
    'a # comment',
    'true',
    '0.10',
    '- dash',
    'tab\there',
    'ends with space ',
  ])('gives YAML a scalar that reads back as %j', (value) => {
    expect(parse(`value: ${yamlString(value)}`)).toEqual({ value });
  });
});
