import { screen, within } from '@testing-library/react';
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

  it('renders nothing for an empty trail', () => {
    renderWithStore(<Breadcrumbs items={[]} />);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });
});
