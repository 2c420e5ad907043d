import { screen, within } from '@testing-library/react';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { stubViewportSize } from '../../../testing/layout';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(800);
});
afterEach(() => restoreViewport());

describe('the test list page', () => {
  it("shows the selected suite's tests and follows a change of suite", async () => {
    const { organization } = signInAsMemberOf();
    const shop = seedSuite(organization.org_id, 'Shop');
    const blog = seedSuite(organization.org_id, 'Blog');
    seedTestCase(shop, { name: 'Pay by card' });
    seedTestCase(blog, { name: 'Write a post' });
    const { user } = renderApp('/test-cases');
    const tree = await screen.findByRole('tree', { name: 'Tests' });
    expect(await within(tree).findByRole('treeitem', { name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByText(/^The tests of the project Shop:/)).toBeInTheDocument();
    expect(document.title).toBe('Tests · Plainwright');

    await user.click(screen.getByRole('button', { name: 'Project: Shop' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Blog' }));
    expect(
      await within(await screen.findByRole('tree', { name: 'Tests' })).findByRole('treeitem', {
        name: 'Write a post',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('treeitem', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('explains that tests live in a project when there is none', async () => {
    signInAsMemberOf();
    renderApp('/test-cases');
    expect(await screen.findByText('No project selected')).toBeInTheDocument();
    expect(screen.getByText(/Create one from the project menu/)).toBeInTheDocument();
  });
});

describe('the test details page', () => {
  it('shows the test of the address', async () => {
    const { organization } = signInAsMemberOf();
    const test = seedTestCase(seedSuite(organization.org_id, 'Shop'), { name: 'Pay by card' });
    renderApp(`/test-cases/details/${test._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by card' })).toBeInTheDocument();
    expect(document.title).toBe('Pay by card · Plainwright');
  });
});
