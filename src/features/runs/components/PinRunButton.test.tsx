import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { buildRun, findRun, seedRun } from '../../../testing/msw/runs';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { useGetRunQuery } from '../api';
import { messages } from '../messages';
import { PinRunButton } from './PinRunButton';

// Issue 34: a pinned run is kept past its project's retention; the run page pins and unpins it.

function aRun(role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  const test = seedTestCase(suite);
  return seedRun(test, buildRun(test, { status: 'failed' }));
}

/** The button as the run page shows it: on the run read from the server. */
function PinnedRun({ runId }: { runId: string }) {
  const { data } = useGetRunQuery(runId);
  return data ? <PinRunButton run={data} /> : null;
}

describe('PinRunButton', () => {
  it('pins a run and unpins it again, saying so each time', async () => {
    const run = aRun();
    const { user } = renderWithStore(<PinnedRun runId={run._id} />);
    const pin = await screen.findByRole('button', { name: 'Pin' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');

    await user.click(pin);
    expect(await screen.findByText(messages.runPinned)).toBeInTheDocument();
    const pinned = await screen.findByRole('button', { name: 'Pinned' });
    expect(pinned).toHaveAttribute('aria-pressed', 'true');
    expect(findRun(run._id)?.run.pinned_at).toEqual(expect.any(String));

    await user.click(pinned);
    expect(await screen.findByText(messages.runUnpinned)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pin' })).toBeInTheDocument();
    expect(findRun(run._id)?.run.pinned_at).toBeNull();
  });

  it('says why when pinning fails, and leaves the run as it was', async () => {
    server.use(
      http.put('/api/test-run/:runId/pin', () =>
        HttpResponse.json({ error: { code: 'internal_error', message: 'Boom' } }, { status: 500 }),
      ),
    );
    const run = aRun();
    const { user } = renderWithStore(<PinnedRun runId={run._id} />);
    await user.click(await screen.findByRole('button', { name: 'Pin' }));
    expect(await screen.findByText(/Failed to pin the test run/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin' })).toHaveAttribute('aria-pressed', 'false');
    expect(findRun(run._id)?.run.pinned_at).toBeNull();
  });

  it('is locked for a viewer, with the reason in its tooltip (issue 27)', async () => {
    const run = aRun('viewer');
    const { user } = renderWithStore(<PinnedRun runId={run._id} />);
    const pin = await screen.findByRole('button', { name: 'Pin' });
    await waitFor(() => expect(pin).toBeDisabled());
    await user.hover(pin.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('pinRuns', 'viewer'));
  });
});
