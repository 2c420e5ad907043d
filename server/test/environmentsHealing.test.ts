import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Environment } from '../../contract/environments';
import { HEALING_MESSAGES } from '../../contract/healing';
import { type TestRun } from '../../contract/runs';
import { type Action } from '../src/runner';
import { api } from './helpers';
import { setUpGeneration, waitUntil, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(240_000);

// Issue 33: an automatic healing is made only from failed runs on the project's default environment.

describe('automatic healing and environments', () => {
  let ctx: GenerationContext;
  let production: FixtureSites;
  let staging: FixtureSites;
  let testId: string;
  let envs: { production: Environment; staging: Environment };

  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { AUTO_HEAL: 'true' } });
    production = await serveFixtureSites();
    staging = await serveFixtureSites();
    // A check that fails on every copy of the site: each run fails at its second step.
    const actions: Action[] = [
      { kind: 'goto', url: ctx.sites.url('todo') },
      {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'A heading no copy has' } } },
      },
    ];
    testId = await createGeneratedTest(ctx, 'Shows the heading', ctx.sites.url('todo'), actions);
    const create = async (name: string, baseUrl: string) =>
      (
        await api<Environment>(ctx.server, 'POST', `/test-suites/${ctx.suiteId}/environments`, {
          token: ctx.token,
          body: { name, base_url: baseUrl },
        })
      ).body;
    // The first one made is the default.
    envs = {
      production: await create('Production', production.origin),
      staging: await create('Staging', staging.origin),
    };
  });
  afterAll(async () => {
    await staging?.close();
    await production?.close();
    await ctx?.close();
  });

  async function failedRun(settings: { environment_id?: string }): Promise<TestRun> {
    const run = await waitForRun(ctx, (await startRun(ctx, testId, settings))._id);
    expect(`${run.status}\n${describeRun(run)}`).toMatch(/^failed\n/);
    return run;
  }

  const healingOf = (runId: string) =>
    api<{ error?: { message: string }; trigger?: string }>(ctx.server, 'GET', `/healing/test-run/${runId}`, {
      token: ctx.token,
    });

  it("proposes none for a failed run on another environment, nor on the test's own website elsewhere", async () => {
    expect(envs.production.is_default).toBe(true);
    const onStaging = await failedRun({ environment_id: envs.staging._id });
    const own = await failedRun({});
    // The healing would be made when the run ends: give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const run of [onStaging, own]) {
      const none = await healingOf(run._id);
      expect([none.status, none.body.error?.message]).toEqual([404, HEALING_MESSAGES.notFound]);
    }
  });

  it('heals a failed run on the default environment automatically', async () => {
    const onDefault = await failedRun({ environment_id: envs.production._id });
    const healing = await waitUntil(
      async () => {
        const response = await healingOf(onDefault._id);
        return response.status === 200 ? response.body : null;
      },
      'the automatic healing of the run on the default environment',
      30_000,
    );
    expect(healing.trigger).toBe('auto');
  });
});
