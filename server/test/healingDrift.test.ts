import { HEALING_CORPUS } from '../../bench/healing';
import { compareHealing } from '../src/agents/healer/assertions';
import { healedSteps, recordFingerprints, useHealerFixture } from './healerSetup';

// Issue 30 item 2: a slice of the healing bench's drift corpus (bench/healing.ts, `npm run bench
// healing` runs all of it), one case of each kind the healer gained: a table rendered as cards, a
// confirmation dialog a release inserted, a cookie banner over the page. Each drift heals green with
// every check kept; its healed test fails on the release's bug twin; the bug twin itself never heals.

jest.setTimeout(120_000);

const fixture = useHealerFixture(['orders', 'login']);

const SLICE = [
  'Edit and delete by row (orders cards)',
  'Edit and delete by row (orders confirm)',
  'Sign in (login cookies)',
];

describe.each(SLICE)('%s', (name) => {
  const item = HEALING_CORPUS.find((each) => each.name === name);

  it('heals green with every check kept; the healed test fails on its bug twin, which is never healed', async () => {
    if (!item?.twin) throw new Error(`the bench corpus has no case "${name}" with a bug twin`);
    const { sites } = fixture;
    const steps = await fixture.inSession((session) =>
      recordFingerprints(session, item.steps(sites.url(item.site))),
    );
    sites.setVariant(item.site, item.variant);
    const failing = await fixture.replayed(steps);
    expect(failing.state).toBe('failed');

    const outcome = await fixture.heal(item.site, steps, failing.stepIndex);

    expect({ status: outcome.status, message: outcome.message }).toMatchObject({ status: 'passed' });
    const healed = healedSteps(outcome);
    expect(compareHealing(steps, healed)).toMatchObject({ ok: true });
    expect((await fixture.replayed(healed)).state).toBe('passed');
    sites.setVariant(item.site, item.twin);
    expect((await fixture.replayed(healed)).state).toBe('failed');
    expect((await fixture.heal(item.site, steps)).status).not.toBe('passed');
  });
});
