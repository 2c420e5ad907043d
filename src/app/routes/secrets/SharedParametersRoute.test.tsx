import { screen, waitFor, within } from '@testing-library/react';
import { seedSharedParameter, seedSuite } from '../../../testing/msw/db';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { SharedParametersRoute } from './SharedParametersRoute';

describe('the secrets route', () => {
  it("shows the selected project's secrets, filtered by the search in the address", async () => {
    const { organization } = signInAsMemberOf();
    const suite = seedSuite(organization.org_id, 'Shop');
    seedSharedParameter(suite.test_suite_id, 'SHOP_PASSWORD');
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN');
    renderWithStore(<SharedParametersRoute />, { route: '/test-cases/shared-parameters?search=shop' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Secrets' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Secrets' });
    expect(screen.getByLabelText('Search by name')).toHaveValue('shop');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0].textContent),
      ).toEqual(['SHOP_PASSWORD']),
    );
  });
});
