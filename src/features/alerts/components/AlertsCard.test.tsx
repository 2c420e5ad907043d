import { screen, waitFor, within } from '@testing-library/react';
import { delivery, seedAlerts, storedAlerts } from '../../../testing/msw/alerts';
import { findCollection, seedCollection } from '../../../testing/msw/collections';
import { seedSuite } from '../../../testing/msw/db';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';
import { AlertsCard } from './AlertsCard';

function aCollection(role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  return seedCollection(suite, 'Checkout');
}

async function renderAlerts(collection = aCollection(), role: MemberRole = 'admin') {
  const view = renderWithStore(
    <AlertsCard collectionId={collection._id} permissions={permissionsOf({ role, expert: false })} />,
  );
  await screen.findByRole('form', { name: 'Alerts and retries' });
  return { ...view, collection };
}

describe('AlertsCard', () => {
  it('shows a member where alerts go but locks them and the signing key, saying why (issue 27)', async () => {
    const collection = aCollection('member');
    seedAlerts(collection, { emails: ['ops@example.com'], webhooks: ['https://hooks.example.com/a'] });
    const { user } = await renderAlerts(collection, 'member');

    expect(screen.getByText(deniedMessage('manageAlerts', 'member'))).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'E-mail recipients' })).getByText('ops@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Retry once on failure' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Both' })).toBeDisabled();
    for (const name of [
      'Remove ops@example.com',
      'Remove https://hooks.example.com/a',
      'Add recipient',
      'Add webhook',
      'Save alerts',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();

    const rotate = screen.getByRole('button', { name: 'Create secret' });
    expect(rotate).toBeDisabled();
    await user.hover(rotate.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('rotateSigningKey', 'member'));
  });

  it('lets an admin change alerts and make the signing key', async () => {
    await renderAlerts(aCollection('admin'), 'admin');
    expect(screen.getByRole('switch', { name: 'Retry once on failure' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create secret' })).toBeEnabled();
    expect(screen.queryByText(deniedMessage('manageAlerts', 'admin'))).not.toBeInTheDocument();
  });

  it('saves who hears of failures, and the retry, and keeps them', async () => {
    const { user, collection } = await renderAlerts();

    await user.click(screen.getByRole('switch', { name: 'Retry once on failure' }));
    await user.click(screen.getByRole('radio', { name: 'Both' }));
    await user.type(screen.getByLabelText('E-mail address'), 'Team@Example.com{Enter}');
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/plainwright');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(
      within(screen.getByRole('list', { name: 'E-mail recipients' })).getByText('team@example.com'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));

    expect(await screen.findByText('Alerts saved')).toBeInTheDocument();
    const saved = findCollection(collection._id)!.collection;
    expect(saved.alert_on).toBe('both');
    expect(saved.retry_on_failure).toBe(true);
    expect(storedAlerts(saved)).toMatchObject({
      emails: ['team@example.com'],
      webhooks: ['https://hooks.example.com/plainwright'],
    });
  });

  it('refuses a bad address, a non-http webhook and a duplicate, with sentences', async () => {
    const collection = aCollection();
    seedAlerts(collection, { emails: ['ops@example.com'] });
    const { user } = await renderAlerts(collection);

    await user.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add recipient' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'OPS@example.com');
    await user.click(screen.getByRole('button', { name: 'Add recipient' }));
    expect(await screen.findByText('This address is already on the list')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Webhook URL'), 'ftp://hooks.example.com');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('A webhook must be an http or https URL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save alerts' })).toBeDisabled();
  });

  it('removes a recipient', async () => {
    const collection = aCollection();
    seedAlerts(collection, { alert_on: 'failure', emails: ['ops@example.com', 'qa@example.com'] });
    const { user } = await renderAlerts(collection);

    await user.click(screen.getByRole('button', { name: 'Remove ops@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText('Alerts saved')).toBeInTheDocument();
    expect(storedAlerts(collection).emails).toEqual(['qa@example.com']);
  });

  it('creates a signing secret, reveals and copies it, and asks before rotating it', async () => {
    const { user, collection } = await renderAlerts();
    await user.click(screen.getByRole('button', { name: 'Create secret' }));
    expect(
      await screen.findByText('Signing secret created. Copy it now: it is shown only this once.'),
    ).toBeInTheDocument();
    const secret = storedAlerts(collection).signing_secret!;
    const field = screen.getByLabelText('Signing secret');
    expect(field).not.toHaveValue(secret);
    await user.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(field).toHaveValue(secret);

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(secret);

    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(storedAlerts(collection).signing_secret).not.toBe(secret));
  });

  it('lists the recent deliveries with their status and last error', async () => {
    const collection = aCollection();
    seedAlerts(collection, {
      deliveries: [
        delivery({
          channel: 'webhook',
          target: 'https://hooks.example.com/x',
          status: 'failed',
          attempts: 4,
          last_error: 'The webhook answered 500',
        }),
        delivery({ event: 'recovery' }),
      ],
    });
    await renderAlerts(collection);
    const rows = within(screen.getByRole('table', { name: 'Recent alerts' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Failure');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('4 attempts');
    expect(rows[0]).toHaveTextContent('The webhook answered 500');
    expect(rows[1]).toHaveTextContent('Recovery');
    expect(rows[1]).toHaveTextContent('Delivered');
  });

  it('says when nothing was sent yet', async () => {
    await renderAlerts();
    expect(screen.getByText('No alerts sent yet.')).toBeInTheDocument();
  });
});
