import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../testing/msw/api';
import { seedOrganization, seedUser } from '../testing/msw/db';
import { server } from '../testing/msw/server';
import { renderApp } from '../testing/renderWithStore';
import { signInAs } from '../testing/session';

describe('an expired session', () => {
  it('signs the person out with a toast when the API answers 401', async () => {
    const person = seedUser();
    seedOrganization('Acme', [{ user: person }]);
    signInAs(person);
    server.use(
      http.get('/api/organizations/:orgId/test-suites', () => apiError(401, 'unauthorized', 'Token expired')),
    );
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText('Unauthorized - Please log in again')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Plainwright' })).toBeInTheDocument();
  });
});
