import { screen, within } from '@testing-library/react';
import { deniedMessage } from '../../../../contract/permissions';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedModule } from '../../../testing/msw/modules';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import type { Module } from '../types';
import { CreateBrowserStateDialog } from './CreateBrowserStateDialog';

function signIn() {
  const { organization } = signInAsMemberOf('Acme', 'viewer');
  const suite = seedSuite(organization.org_id, 'Shop');
  const test = seedTestCase(suite, { name: 'Sign in' });
  const module = seedModule(suite, 'Sign in as admin', { test_case_id: test._id });
  return { suite, module: module as unknown as Module };
}

describe('CreateBrowserStateDialog', () => {
  afterEach(() => server.events.removeAllListeners());

  it('keeps Create off for a viewer, saying why, and sends nothing (issue 27: writeBrowserStates)', async () => {
    const { suite, module } = signIn();
    const posts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts.push(request.url);
    });
    const reason = deniedMessage('writeBrowserStates');
    const { user } = renderWithStore(
      <CreateBrowserStateDialog
        open
        suiteId={suite.test_suite_id}
        modules={[module]}
        takenNames={[]}
        onClose={() => undefined}
        locked={reason}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New browser state' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Signed in{Enter}');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    expect(posts).toEqual([]);
  });
});
