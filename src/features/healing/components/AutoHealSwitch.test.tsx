import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { seedSuite } from '../../../testing/msw/db';
import { storedHealingSettings } from '../../../testing/msw/healing';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage } from '../../../../contract/permissions';
import { messages } from '../messages';
import { AutoHealSwitch } from './AutoHealSwitch';

function aSuite() {
  const { organization } = signInAsMemberOf();
  return seedSuite(organization.org_id, 'Shop');
}

describe('AutoHealSwitch', () => {
  it("is locked for a member, with the admins' reason in its tooltip (issue 27)", async () => {
    const { organization } = signInAsMemberOf('Acme', 'member');
    const suite = seedSuite(organization.org_id, 'Shop');
    const { user } = renderWithStore(<AutoHealSwitch suiteId={suite.test_suite_id} />);
    const toggle = await screen.findByRole('switch', { name: messages.autoHealLabel });
    await waitFor(() => expect(toggle).toBeDisabled());
    await user.hover(toggle.closest('label') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('manageAutoHeal', 'member'));
  });

  it('is on by default and switches off and on again through PUT', async () => {
    const suite = aSuite();
    const puts: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.includes('/healing/settings/'))
        void request
          .clone()
          .json()
          .then((body) => puts.push(body));
    });
    const { user } = renderWithStore(<AutoHealSwitch suiteId={suite.test_suite_id} />);
    const toggle = await screen.findByRole('switch', { name: messages.autoHealLabel });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText(messages.autoHealOff)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(storedHealingSettings(suite)).toEqual({ auto_heal: false });

    await user.click(toggle);
    expect(await screen.findByText(messages.autoHealOn)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(storedHealingSettings(suite)).toEqual({ auto_heal: true });
    expect(puts).toEqual([{ auto_heal: false }, { auto_heal: true }]);
  });

  it('puts the switch back and says so when saving fails', async () => {
    server.use(http.put('/api/healing/settings/:suiteId', () => HttpResponse.json({}, { status: 500 })));
    const suite = aSuite();
    const { user } = renderWithStore(<AutoHealSwitch suiteId={suite.test_suite_id} />);
    const toggle = await screen.findByRole('switch', { name: messages.autoHealLabel });
    await user.click(toggle);
    expect(await screen.findByText(messages.settingsFailedToast)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(storedHealingSettings(suite)).toEqual({ auto_heal: true });
  });
});
