import { screen, within } from '@testing-library/react';
import { seedSuite } from '../../testing/msw/db';
import { renderApp } from '../../testing/renderWithStore';
import { signInAsMemberOf } from '../../testing/session';

describe('the dashboard', () => {
  it('asks what the person wants to test today, naming the current suite', async () => {
    const { organization } = signInAsMemberOf();
    seedSuite(organization.org_id, 'Checkout');
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'What do you want to test today?' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Checkout', { selector: 'strong' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Plainwright');
  });

  it('invites the person to create the first suite, then selects it', async () => {
    signInAsMemberOf();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Create test suite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create test suite' });
    await user.type(within(dialog).getByLabelText('Name'), 'Checkout{Enter}');
    expect(await screen.findByRole('button', { name: 'Test suite: Checkout' })).toBeInTheDocument();
  });
});

describe('the styles page', () => {
  it('shows the design system in both colour schemes', async () => {
    signInAsMemberOf();
    renderApp('/common/styles');
    expect(await screen.findByRole('heading', { name: 'Styles' })).toBeInTheDocument();
    for (const scheme of ['light', 'dark']) {
      const section = screen.getByRole('region', { name: `${scheme} theme` });
      expect(section).toHaveAttribute('data-color-scheme', scheme);
      for (const title of ['Palette', 'Typography', 'Buttons', 'Inputs', 'Chips']) {
        expect(within(section).getByRole('heading', { name: title })).toBeInTheDocument();
      }
    }
  });
});

describe('the settings tabs', () => {
  it('moves between organization and project settings', async () => {
    signInAsMemberOf();
    const { user, router } = renderApp('/auth/settings');
    await screen.findByRole('heading', { name: 'Service account key' });
    await user.click(screen.getByRole('tab', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'Test suites' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/settings/projects');
    expect(screen.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  });
});
