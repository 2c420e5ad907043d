import { screen, within } from '@testing-library/react';
import { paths } from '../../../config/paths';
import { seedOrganization, seedSuite, seedTestCase, seedUser } from '../../../testing/msw/db';
import { seedShare } from '../../../testing/msw/sharing';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAs } from '../../../testing/session';
import { SharedTestRoute } from './SharedTestRoute';

/** A test of the organization Acme (whose member is `member`), shared under `slug`. */
function aSharedTest(visibility: 'public' | 'private', slug = 'pay-by-card') {
  const member = seedUser({ email: 'ada@example.com' });
  const organization = seedOrganization('Acme', [{ user: member }]);
  const suite = seedSuite(organization.org_id, 'Shop');
  const test = seedTestCase(suite, {
    name: 'Pay by card',
    website: 'https://shop.example',
    description: '<p>Add the red mug to the cart</p><p>Pay by card and check the receipt</p>',
    latest_run_status: 'passed',
    latest_run_time: '2026-02-01T09:30:00.000Z',
    final_script:
      "test('Pay by card', async ({ page }) => {\n  await page.goto('https://shop.example');\n});",
    final_script_py: "def test_pay_by_card(page):\n    page.goto('https://shop.example')",
  });
  seedShare(test, {
    slug,
    visibility,
    steps: [
      {
        description: 'Go to the shop',
        code: "await page.goto('https://shop.example');",
        screenshot_url: '/signed/1.png',
      },
      {
        description: 'Click "Add to cart"',
        code: "await page.getByRole('button', { name: 'Add to cart' }).click();",
        screenshot_url: null,
      },
    ],
  });
  return { member, test };
}

function renderShared(slug = 'pay-by-card') {
  return renderWithStore(null, {
    route: paths.shared.getHref(slug),
    routes: [
      { path: paths.shared.path, element: <SharedTestRoute /> },
      { path: paths.auth.login.path, element: <h1>Sign in page</h1> },
      { path: paths.home.path, element: <h1>Home page</h1> },
    ],
  });
}

describe('SharedTestRoute', () => {
  it('shows a public test to anyone, without signing in: steps, screenshots, latest run and code', async () => {
    aSharedTest('public');
    const { user } = renderShared();

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /https:\/\/shop\.example/ })).toHaveAttribute(
      'href',
      'https://shop.example',
    );
    expect(
      screen.getByText(/Add the red mug to the cart\s+Pay by card and check the receipt/),
    ).toBeInTheDocument();
    const latest = screen.getByLabelText('Latest run');
    expect(latest).toHaveTextContent('Passed');
    expect(within(latest).getByText(/2026/)).toHaveAttribute('datetime', '2026-02-01T09:30:00.000Z');

    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveTextContent('1.Go to the shop');
    expect(steps[1]).toHaveTextContent('2.Click "Add to cart"');
    const thumbnail = within(steps[0]).getByRole('img', { name: 'Page after step 1' });
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(within(steps[1]).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(steps[0]).getByRole('button', { name: 'Enlarge the screenshot of step 1' }));
    const enlarged = await screen.findByRole('dialog', { name: 'Step 1: Go to the shop' });
    expect(within(enlarged).getByRole('img', { name: 'Page after step 1, enlarged' })).toHaveAttribute(
      'src',
      '/signed/1.png',
    );
    await user.keyboard('{Escape}');

    expect(await screen.findByRole('textbox', { name: 'TypeScript code of Pay by card' })).toHaveTextContent(
      "await page.goto('https://shop.example');",
    );
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(await screen.findByRole('textbox', { name: 'Python code of Pay by card' })).toHaveTextContent(
      'def test_pay_by_card(page):',
    );
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(
      "def test_pay_by_card(page):\n    page.goto('https://shop.example')",
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Shared with Plainwright');
  });

  it('is the not-found page for a slug that is not shared', async () => {
    aSharedTest('public');
    renderShared('no-such-test');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This shared test does not exist or is no longer shared')).toBeInTheDocument();
    expect(screen.queryByText('Pay by card')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor of a private share to sign in, and comes back after', async () => {
    aSharedTest('private');
    const { user, router } = renderShared();
    expect(
      await screen.findByText('This shared test does not exist or is no longer shared'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Pay by card')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    // The login screen's GuestOnly guard sends the person back to `from` once signed in.
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/shared/pay-by-card' } });
  });

  it('shows a private share to a signed-in member of its organization', async () => {
    const { member } = aSharedTest('private');
    signInAs(member);
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByText('Shared with your organization')).toBeInTheDocument();
  });

  it('keeps a private share from a signed-in stranger', async () => {
    aSharedTest('private');
    const stranger = seedUser({ email: 'eve@example.com' });
    seedOrganization('Other', [{ user: stranger }]);
    signInAs(stranger);
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
