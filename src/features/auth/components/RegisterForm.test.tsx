import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { db, seedUser } from '../../../testing/msw/db';
import { identityError } from '../../../testing/msw/identity';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { selectAuthStatus } from '../selectors';
import { RegisterForm } from './RegisterForm';

interface Fields {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

const complete: Required<Fields> = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  password: 'compilers-4-all',
  confirmPassword: 'compilers-4-all',
};

async function register(fields: Fields) {
  const view = renderWithStore(null, {
    route: '/auth/register',
    routes: [
      { path: '/auth/register', element: <RegisterForm /> },
      { path: '/auth/verify-email', element: <p>verify page</p> },
    ],
  });
  const labels: [keyof Fields, string][] = [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['email', 'Email'],
    ['password', 'Password'],
    ['confirmPassword', 'Confirm password'],
  ];
  for (const [key, label] of labels) {
    const value = fields[key];
    if (value) await view.user.type(screen.getByLabelText(label), value);
  }
  await view.user.click(screen.getByRole('button', { name: 'Create account' }));
  return view;
}

describe('RegisterForm', () => {
  it('asks for first and last name', async () => {
    await register({ ...complete, firstName: '', lastName: '' });
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('needs a password of at least 8 characters', async () => {
    await register({ ...complete, password: 'short', confirmPassword: 'short' });
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('needs the confirmation to match the password', async () => {
    await register({ ...complete, confirmPassword: 'something-else' });
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('says an account already exists for a registered e-mail', async () => {
    seedUser({ email: 'grace@example.com' });
    await register(complete);
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });

  it("says the password is too weak when the provider's policy refuses it", async () => {
    server.use(
      http.post('/idp/auth/v1/signup', () =>
        identityError(422, 'weak_password', 'Password is known to be weak', {
          weak_password: { reasons: ['pwned'] },
        }),
      ),
    );
    await register(complete);
    expect(
      await screen.findByText('This password is too weak. Please choose a stronger one'),
    ).toBeInTheDocument();
  });

  it('sends the names as metadata and the callback as the e-mail redirect', async () => {
    let url = '';
    let body: unknown = null;
    server.use(
      http.post('/idp/auth/v1/signup', async ({ request }) => {
        url = request.url;
        body = await request.clone().json();
        return undefined;
      }),
    );
    await register(complete);
    await waitFor(() => expect(body).toMatchObject({ data: { first_name: 'Grace', last_name: 'Hopper' } }));
    expect(new URL(url).searchParams.get('redirect_to')).toBe('http://localhost/auth/callback');
  });

  it('goes to verify-email when the provider asks for confirmation', async () => {
    db.autoconfirm = false;
    const { router } = await register(complete);
    expect(await screen.findByText('verify page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ email: 'grace@example.com' });
  });

  it('signs the person in at once when no confirmation is needed', async () => {
    const { store } = await register(complete);
    await waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedIn'));
  });
});
