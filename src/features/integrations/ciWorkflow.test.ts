import { parse } from 'yaml';
import {
  ciCommand,
  githubActionsWorkflow,
  gitlabCiJob,
  isLoopbackAddress,
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
};

const DOWNLOAD = 'curl -fsSL https://plainwright.example.com/api/cli/plainwright.mjs -o plainwright.mjs';

interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<
    string,
    {
      name: string;
      'runs-on': string;
      'timeout-minutes': number;
      steps: {
        name?: string;
        uses?: string;
        run?: string;
        if?: string;
        with?: Record<string, unknown>;
        env?: Record<string, string>;
      }[];
    }
  >;
}

const expectedCommand =
  'node plainwright.mjs ci --server https://plainwright.example.com ' +
  '--collection 3f2c9a1e-5b7d-4c1a-9e8f-0a1b2c3d4e5f --timeout 420 --junit results.xml';

describe('githubActionsWorkflow', () => {
  it('is a workflow on push, pull request and by hand that downloads the CLI from the server and runs it', () => {
    const workflow = parse(githubActionsWorkflow(options)) as Workflow;
    expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request', 'workflow_dispatch']);
    expect(workflow.permissions).toEqual({ contents: 'read', checks: 'write' });
    const job = workflow.jobs.plainwright;
    expect(job).toMatchObject({
      name: 'Plainwright: Checkout: nightly',
      'runs-on': 'ubuntu-latest',
      'timeout-minutes': 17,
    });
    const [node, download, run, report] = job.steps;
    expect(node).toMatchObject({ uses: 'actions/setup-node@v4', with: { 'node-version': 20 } });
    expect(download.run).toBe(DOWNLOAD);
    // The key reaches the CLI in its environment, never on its command line, where `ps` shows it.
    expect(run.env).toEqual({ PLAINWRIGHT_KEY: '${{ secrets.PLAINWRIGHT_KEY }}' });
    expect(run.run).toBe(expectedCommand);
    expect(run.run).not.toContain('--key');
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
    expect(workflow.jobs.plainwright.steps[2].run).toContain(
      '--browsers chromium,webkit --junit results.xml',
    );
  });

  it('quotes a server address the shell would read otherwise', () => {
    const workflow = parse(
      githubActionsWorkflow({ ...options, server: "https://example.com/it's here" }),
    ) as Workflow;
    expect(workflow.jobs.plainwright.steps[1].run).toBe(
      `curl -fsSL 'https://example.com/it'\\''s here/api/cli/plainwright.mjs' -o plainwright.mjs`,
    );
  });
});

describe('gitlabCiJob', () => {
  it('downloads the CLI, runs it with the CI/CD variable and keeps the JUnit report', () => {
    const job = (parse(gitlabCiJob(options)) as Record<string, Record<string, unknown>>).plainwright;
    expect(job.image).toBe('node:20');
    expect(job.script).toEqual([DOWNLOAD, expectedCommand]);
    expect(job.artifacts).toEqual({ when: 'always', reports: { junit: 'results.xml' } });
  });
});

describe('quoting', () => {
  it('leaves plain words bare and quotes anything the shell would read otherwise', () => {
    expect(shellQuote('collection-12')).toBe('collection-12');
    expect(shellQuote("it's; rm -rf /")).toBe(`'it'\\''s; rm -rf /'`);
    expect(ciCommand({ ...options, collectionId: 'a b' })).toContain("--collection 'a b'");
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

describe('isLoopbackAddress', () => {
  it('knows the addresses a CI runner would reach itself at', () => {
    for (const address of [
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1:3000/',
      'https://127.1.2.3',
      'http://[::1]:3000',
      'http://[::ffff:127.0.0.1]:3000',
    ])
      expect([address, isLoopbackAddress(address)]).toEqual([address, true]);
    for (const address of [
      'https://plainwright.example.com',
      'http://10.0.0.5:3000',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://[2001:db8::1]',
      'not an address',
    ])
      expect([address, isLoopbackAddress(address)]).toEqual([address, false]);
  });
});
