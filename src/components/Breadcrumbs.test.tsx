import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../testing/renderWithStore';
import { Breadcrumbs } from './Breadcrumbs';

describe('Breadcrumbs', () => {
  it('links every item but the last, which is plain text', () => {
    renderWithStore(<Breadcrumbs path="/test-cases/shared-parameters" />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'test cases' })).toHaveAttribute('href', '/test-cases');
    expect(within(trail).queryByRole('link', { name: 'shared parameters' })).not.toBeInTheDocument();
    expect(within(trail).getByText('shared parameters')).toHaveAttribute('aria-current', 'page');
  });

  it('renders given items, with or without links', () => {
    renderWithStore(
      <Breadcrumbs
        items={[
          { label: 'Settings', href: '/auth/settings' },
          { label: 'Projects', href: '/x' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/auth/settings');
    expect(screen.queryByRole('link', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it('ellipsizes each long crumb and shows its full label on hover', async () => {
    const folder = `f${'o'.repeat(99)}`;
    const test = 'n'.repeat(2000);
    renderWithStore(
      <Breadcrumbs
        items={[
          { label: 'Tests', href: '/test-cases' },
          { label: folder, href: '/test-cases?folder=x' },
          { label: test },
        ]}
      />,
    );
    const last = screen.getByText(test);
    expect(last).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    expect(screen.getByText(folder)).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(5000);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    await userEvent.hover(last);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(test);
    jest.restoreAllMocks();
  });

  it('renders nothing for an empty trail', () => {
    renderWithStore(<Breadcrumbs items={[]} />);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });
});
