import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { storedHealings } from '../../../testing/msw/healing';
import { buildFailedRun, buildRun, seedRun } from '../../../testing/msw/runs';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { messages } from '../messages';
import { HealButton } from './HealButton';

function aTest() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  return seedTestCase(suite, { name: 'Sign up' });
}

describe('HealButton', () => {
  it('heals a failed run: a manual healing is created and its progress shown', async () => {
    const test = aTest();
    const run = seedRun(test, buildFailedRun(test, 1, 'The "Email" field was not found'));
    const { user } = renderWithStore(
      <HealButton runId={run._id} testCaseId={test._id} runStatus={run.status} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Heal' }));

    expect(await screen.findByRole('button', { name: 'Healing…' })).toBeDisabled();
    expect(await screen.findByText(messages.healStarted)).toBeInTheDocument();
    expect(storedHealings(test)).toEqual([
      expect.objectContaining({ triggered_by_test_run_id: run._id, status: 'pending', trigger: 'manual' }),
    ]);
  });

  it('is disabled with a tooltip on a run that did not fail', async () => {
    const test = aTest();
    const run = seedRun(test, buildRun(test));
    const { user } = renderWithStore(
      <HealButton runId={run._id} testCaseId={test._id} runStatus={run.status} />,
    );
    const button = await screen.findByRole('button', { name: 'Heal' });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(messages.runNotFailedTooltip);
    expect(storedHealings(test)).toHaveLength(0);
  });

  it("says the server's sentence when the run cannot be healed now", async () => {
    server.use(
      http.post('/api/healing/test-run/:id', () =>
        HttpResponse.json({ error: { code: 'conflict', message: messages.alreadyHealing } }, { status: 409 }),
      ),
    );
    const test = aTest();
    const run = seedRun(test, buildFailedRun(test, 1, 'The "Email" field was not found'));
    const { user } = renderWithStore(
      <HealButton runId={run._id} testCaseId={test._id} runStatus={run.status} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Heal' }));
    expect(await screen.findByText(messages.alreadyHealing)).toBeInTheDocument();
    // NOTE: the toast may show a render before the button leaves its "Healing…" state.
    expect(await screen.findByRole('button', { name: 'Heal' })).toBeEnabled();
  });
});
