import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useGetUserOrganizationsQuery } from '../../organizations/api';
import { apiError } from '../../../testing/msw/api';
import { db } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { ServiceAccountKeyCard } from './ServiceAccountKeyCard';

function CurrentOrganizationKey() {
  const { data } = useGetUserOrganizationsQuery();
  return data?.[0] ? <ServiceAccountKeyCard organization={data[0]} /> : null;
}

async function renderKey(role: 'admin' | 'member' = 'admin') {
  const member = signInAsMemberOf('Acme', role);
  const view = renderWithStore(<CurrentOrganizationKey />);
  await screen.findByRole('heading', { name: 'Service account key' });
  return { ...view, ...member };
}

describe('ServiceAccountKeyCard', () => {
  it('shows the key masked until asked to reveal it', async () => {
    const { user } = await renderKey();
    const field = screen.getByLabelText('Service account key');
    expect(field).not.toHaveValue('sak_acme_1');
    await user.click(screen.getByRole('button', { name: 'Show key' }));
    expect(field).toHaveValue('sak_acme_1');
  });

  it('copies the key and says so', async () => {
    const { user } = await renderKey();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('sak_acme_1');
  });

  it('says when copying fails', async () => {
    const { user } = await renderKey();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
  });

  it('regenerates the key after confirmation and shows the new one', async () => {
    const { user, organization } = await renderKey();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the service account key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Service account key regenerated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Show key' }));
    const regenerated = db.organizations.find(
      ({ org_id }) => org_id === organization.org_id,
    )?.service_account_key;
    expect(regenerated).not.toBe('sak_acme_1');
    expect(screen.getByLabelText('Service account key')).toHaveValue(regenerated);
  });

  it('says when regenerating fails', async () => {
    server.use(
      http.put('/api/organization/:id/regenerate-service-account-key', () =>
        apiError(500, 'internal', 'boom'),
      ),
    );
    const { user } = await renderKey();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Failed to regenerate service account key')).toBeInTheDocument();
  });

  it('tells members that only admins see the key', async () => {
    await renderKey('member');
    expect(
      screen.getByText('Only organization admins can see and regenerate the service account key.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });
});
