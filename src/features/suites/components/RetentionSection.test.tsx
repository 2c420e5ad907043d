import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';
import { seedSuite } from '../../../testing/msw/db';
import { seedRetention, storedRetentionDays } from '../../../testing/msw/retention';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { formatBytes, retentionMessages as messages } from '../retention';
import { RetentionSection } from './RetentionSection';

// Issue 34: how long a project keeps its runs, and the disk its runs and files use.

function shop(role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  return seedSuite(organization.org_id, 'Shop');
}

const renderSection = (suiteId: string, role: MemberRole = 'admin') =>
  renderWithStore(
    <RetentionSection suiteId={suiteId} permissions={permissionsOf({ role, expert: false })} />,
  );

describe('the retention section', () => {
  it('shows the disk the project uses and the setting, 30 days by default', async () => {
    const suite = shop();
    seedRetention(suite, { artifact_bytes: 3 * 1024 * 1024, run_bytes: 512 * 1024, runs: 1234 });
    renderSection(suite.test_suite_id);
    expect(
      await screen.findByText(
        'This project uses 3.5 MB: 3.0 MB of screenshots, traces and logs, and 512.0 KB for its 1,234 runs.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Keep runs for' })).toHaveValue('30');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves a new number of days', async () => {
    const suite = shop();
    const { user } = renderSection(suite.test_suite_id);
    const days = await screen.findByRole('textbox', { name: 'Keep runs for' });
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Runs are now kept for 90 days')).toBeInTheDocument();
    expect(storedRetentionDays(suite)).toBe(90);
  });

  it('refuses what is not a whole number of days from 1 to 3650 before sending it', async () => {
    const suite = shop();
    const puts: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.includes('/retention')) puts.push(request.url);
    });
    const { user } = renderSection(suite.test_suite_id);
    const days = await screen.findByRole('textbox', { name: 'Keep runs for' });
    for (const bad of ['0', '3651', '1.5', 'a week']) {
      await user.clear(days);
      await user.type(days, bad);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(messages.daysInvalid)).toBeInTheDocument();
    }
    expect(puts).toEqual([]);
    expect(storedRetentionDays(suite)).toBe(30);
  });

  it("shows the server's refusal under the field", async () => {
    server.use(
      http.put('/api/test-suites/:suiteId/retention', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'retention_days must be a whole number of days from 1 to 3650',
              details: { fields: { retention_days: 'invalid' } },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const suite = shop();
    const { user } = renderSection(suite.test_suite_id);
    const days = await screen.findByRole('textbox', { name: 'Keep runs for' });
    await user.clear(days);
    await user.type(days, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.daysInvalid)).toBeInTheDocument();
  });

  it('is read-only for a member, with the reason in its tooltip (issue 27)', async () => {
    const suite = shop('member');
    const { user } = renderSection(suite.test_suite_id, 'member');
    const days = await screen.findByRole('textbox', { name: 'Keep runs for' });
    await waitFor(() => expect(days).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.hover(days.closest('form') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('manageRetention', 'member'));
  });

  it('shows an error with a retry when the setting cannot be read', async () => {
    server.use(
      http.get('/api/test-suites/:suiteId/retention', () =>
        HttpResponse.json({ error: { code: 'internal_error', message: 'Boom' } }, { status: 500 }),
      ),
    );
    const suite = shop();
    renderSection(suite.test_suite_id);
    expect(await screen.findByText(messages.fetchFailed)).toBeInTheDocument();
  });

  it('writes sizes the way people read them', () => {
    expect([0, 512, 1536, 5 * 1024 ** 2, 2.5 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '1.5 KB',
      '5.0 MB',
      '2.5 GB',
    ]);
  });
});
