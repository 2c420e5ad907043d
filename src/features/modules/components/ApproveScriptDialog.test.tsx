import { screen, waitFor, within } from '@testing-library/react';
import { seedSuite } from '../../../testing/msw/db';
import { findModule, seedModule } from '../../../testing/msw/modules';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { ModulesPage } from './ModulesPage';

const SCRIPT = [
  'from playwright.sync_api import Page',
  '',
  'def accept_cookies(page: Page) -> None:',
  '    page.get_by_role("button", name="Accept all").click()',
].join('\n');

function aScriptWaitingForApproval() {
  const { organization } = signInAsMemberOf('Acme', 'admin');
  const suite = seedSuite(organization.org_id, 'Shop');
  const module = seedModule(suite, 'Accept cookies', {
    module_type: 'python_script',
    defining_py_script: SCRIPT,
    is_defining_py_script_approved: false,
  });
  return { suite, module };
}

describe('approving a Python script module (issue 28)', () => {
  afterEach(() => server.events.removeAllListeners());

  it('shows the script being approved and asks first: Cancel approves nothing, Approve does', async () => {
    const { suite, module } = aScriptWaitingForApproval();
    const approvals: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/approve')) approvals.push(request.url);
    });
    const { user } = renderWithStore(<ModulesPage suiteId={suite.test_suite_id} canApprove />);
    const row = await screen.findByRole('listitem', { name: 'Accept cookies' });

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the script of Accept cookies?' });
    expect(within(dialog).getByLabelText('Script of Accept cookies').textContent).toBe(SCRIPT);
    expect(approvals).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(approvals).toEqual([]);
    expect(findModule(module.module_id)?.module.is_defining_py_script_approved).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const again = await screen.findByRole('dialog', { name: 'Approve the script of Accept cookies?' });
    await user.click(within(again).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(approvals).toHaveLength(1);
    expect(findModule(module.module_id)?.module.is_defining_py_script_approved).toBe(true);
  });
});
