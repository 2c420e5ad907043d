import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { db, seedSharedParameter, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';

function seedTest(overrides: Parameters<typeof seedTestCase>[1] = {}) {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  const password = seedSharedParameter(suite.test_suite_id, 'SHOP_PASSWORD', 'hunter2');
  const token = seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'tok-123');
  const test = seedTestCase(suite, {
    name: 'Pay by card',
    website: 'https://shop.example/cart',
    description: '',
    parameters: { user: 'ada' },
    shared_parameter_ids: [password._id],
    ...overrides,
  });
  return { suite, test, password, token };
}

const stored = (id: string) => db.testCases.find(({ _id }) => _id === id)!;
const region = (name: string) => screen.findByRole('region', { name });

describe("a test's secrets", () => {
  it('shows the secrets the test uses by name, linking to the secrets page, never their values', async () => {
    const { test } = seedTest();
    renderApp(`/test-cases/details/${test._id}`);
    const secrets = await region('Secrets');
    const link = await within(secrets).findByRole('link', { name: 'SHOP_PASSWORD' });
    expect(link).toHaveAttribute('href', '/test-cases/shared-parameters?search=SHOP_PASSWORD');
    expect(within(secrets).queryByText('API_TOKEN')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/hunter2|tok-123/);
  });

  it('counts a secret its instructions or steps name as {{KEY}} as used, chosen or not (issue 28)', async () => {
    const { test } = seedTest({
      shared_parameter_ids: [],
      description: '<p>Sign in with the password {{ SHOP_PASSWORD }}.</p>',
      test_generation_steps: [{ step_description: 'Type {{API_TOKEN}} into "Token"' }],
    });
    renderApp(`/test-cases/details/${test._id}`);
    const secrets = await region('Secrets');
    expect(await within(secrets).findByRole('link', { name: 'SHOP_PASSWORD' })).toBeInTheDocument();
    expect(within(secrets).getByRole('link', { name: 'API_TOKEN' })).toBeInTheDocument();
    expect(within(secrets).queryByText(/uses no secrets/)).not.toBeInTheDocument();
  });

  it('chooses which secrets the test uses', async () => {
    const { test, password, token } = seedTest();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const secrets = await region('Secrets');
    await user.click(await within(secrets).findByRole('button', { name: 'Choose secrets' }));
    await user.click(within(secrets).getByRole('combobox', { name: 'Secrets this test uses' }));
    await user.click(await screen.findByRole('option', { name: 'API_TOKEN' }));
    await user.click(within(secrets).getByRole('button', { name: 'Save secrets' }));
    await waitFor(() => expect(stored(test._id).shared_parameter_ids).toEqual([password._id, token._id]));
    expect(await within(secrets).findByRole('link', { name: 'API_TOKEN' })).toBeInTheDocument();
  });

  it('offers the variables and the secrets by name after {{ in the instructions', async () => {
    const { test } = seedTest();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const editor = await within(await region('Instructions')).findByRole('textbox', { name: 'Instructions' });
    await user.click(editor);
    await user.paste('Sign in with {{');
    const list = await screen.findByRole('listbox', { name: 'Variables and secrets' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.firstChild?.firstChild?.textContent),
      ).toEqual(['user', 'API_TOKEN', 'SHOP_PASSWORD']),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(editor).toHaveTextContent('Sign in with {{SHOP_PASSWORD}}'));
    await user.click(screen.getByRole('button', { name: 'Save instructions' }));
    await waitFor(() => expect(stored(test._id).description).toBe('<p>Sign in with {{SHOP_PASSWORD}}</p>'));
  });
});

describe("a test's browser settings", () => {
  const openSettings = async (user: ReturnType<typeof renderApp>['user']) => {
    const settings = await region('Browser settings');
    const toggle = within(settings).getByRole('button', { name: /Browser settings/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    return settings;
  };

  it('is collapsed, says the current size, and saves a preset', async () => {
    const { test } = seedTest();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const settings = await openSettings(user);
    expect(settings).toHaveTextContent('1280 × 720 · Desktop');
    expect(within(settings).getByRole('combobox', { name: 'Preset' })).toHaveTextContent('Desktop');

    await user.click(within(settings).getByRole('combobox', { name: 'Preset' }));
    await user.click(await screen.findByRole('option', { name: 'Mobile (375×667)' }));
    expect(within(settings).getByLabelText('Viewport width')).toHaveValue(375);
    expect((within(settings).getByLabelText('User agent') as HTMLTextAreaElement).value).toContain('iPhone');
    await user.click(within(settings).getByRole('button', { name: 'Save browser settings' }));

    await waitFor(() => expect(stored(test._id).viewport_width).toBe(375));
    expect(stored(test._id)).toMatchObject({
      viewport_height: 667,
      user_agent: expect.stringContaining('iPhone'),
    });
    expect(await screen.findByText('Browser settings saved')).toBeInTheDocument();
    await waitFor(() => expect(settings).toHaveTextContent('375 × 667 · Mobile'));
  });

  it('refuses sizes the server would refuse, with its sentences, and saves a custom size', async () => {
    const { test } = seedTest();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const settings = await openSettings(user);
    const width = within(settings).getByLabelText('Viewport width');
    const height = within(settings).getByLabelText('Viewport height');
    await user.clear(width);
    await user.type(width, '99');
    await user.clear(height);
    await user.type(height, '5000');
    await user.click(within(settings).getByRole('button', { name: 'Save browser settings' }));
    expect(
      await within(settings).findByText('Viewport width must be between 100 and 7680 pixels'),
    ).toBeInTheDocument();
    expect(
      within(settings).getByText('Viewport height must be between 100 and 4320 pixels'),
    ).toBeInTheDocument();
    expect(stored(test._id).viewport_width).toBe(1280);

    await user.clear(width);
    await user.type(width, '1366');
    await user.clear(height);
    await user.type(height, '768');
    expect(within(settings).getByRole('combobox', { name: 'Preset' })).toHaveTextContent('Custom');
    await user.click(within(settings).getByRole('button', { name: 'Save browser settings' }));
    await waitFor(() =>
      expect(stored(test._id)).toMatchObject({ viewport_width: 1366, viewport_height: 768 }),
    );
    expect(stored(test._id).user_agent).toBeNull();
  });

  it("shows the server's sentence under the field it names", async () => {
    const { test } = seedTest();
    server.use(
      http.patch('/api/test-case/:id/edit', () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'User agents must be at most 1000 characters',
              details: { fields: { user_agent: 'too_long' } },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const settings = await openSettings(user);
    await user.click(within(settings).getByLabelText('User agent'));
    await user.paste('Bot/1.0');
    await user.click(within(settings).getByRole('button', { name: 'Save browser settings' }));
    expect(
      await within(settings).findByText('User agents must be at most 1000 characters'),
    ).toBeInTheDocument();
    expect(stored(test._id).user_agent).toBeNull();
  });

  it('says so when saving fails and keeps what was typed', async () => {
    const { test } = seedTest();
    server.use(http.patch('/api/test-case/:id/edit', () => apiError(500, 'internal', 'boom')));
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const settings = await openSettings(user);
    await user.click(within(settings).getByLabelText('User agent'));
    await user.paste('Bot/1.0');
    await user.click(within(settings).getByRole('button', { name: 'Save browser settings' }));
    expect(await screen.findByText(/Failed to update test case/)).toBeInTheDocument();
    expect(within(settings).getByLabelText('User agent')).toHaveValue('Bot/1.0');
    expect(stored(test._id).user_agent).toBeNull();
  });
});
