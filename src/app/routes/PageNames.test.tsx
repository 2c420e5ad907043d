import { act, screen, waitFor, within } from '@testing-library/react';
import { allowConsoleErrors } from '../../testing/consoleGuard';
import { seedSuite, seedTestCase } from '../../testing/msw/db';
import { stubViewportSize } from '../../testing/layout';
import { renderApp } from '../../testing/renderWithStore';
import { signInAsMemberOf } from '../../testing/session';

// Issue 11: one name per thing. Each page's title, its last breadcrumb and its document title agree, and
// a subtitle under the title says what the page is.

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(1280, 900);
});
afterEach(() => restoreViewport());

/** The top bar's trail (a test's page has a trail of its own inside main). */
const topBarTrail = () =>
  screen.getAllByRole('navigation', { name: 'Breadcrumb' }).find((nav) => !nav.closest('main'))!;
const lastCrumb = () => topBarTrail().querySelector('[aria-current="page"]')?.textContent;
// The first render of each page loads its lazy chunk: the setup's longer wait (asyncUtilTimeout) covers it.
const title = (options = {}) => screen.findByRole('heading', { level: 1, ...options });

const pagesWithTitles: [path: string, title: string][] = [
  ['/test-cases', 'Tests'],
  ['/test-cases/collections', 'Test suites'],
  ['/test-cases/collection/c-1', 'Test suite'],
  ['/test-cases/shared-parameters', 'Secrets'],
  ['/integrations', 'Integrations'],
  ['/modules', 'Modules'],
  ['/common/styles', 'Styles'],
  ['/auth/settings', 'Settings'],
  ['/auth/settings/projects', 'Project settings'],
];

describe('page names', () => {
  it.each(pagesWithTitles)(
    '%s: the title, the last crumb and the document title read "%s"',
    async (path, name) => {
      signInAsMemberOf('Acme');
      // c-1 is no stored collection: its live watch, once it polls, logs that it is gone.
      if (path === '/test-cases/collection/c-1')
        allowConsoleErrors(/\[collection monitoring\] Test collection not found/);
      renderApp(path);
      const heading = await title({ name });
      await waitFor(() => expect(lastCrumb()).toBe(name));
      expect(document.title).toBe(`${name} · Plainwright`);
      // The one-line subtitle right under the title says what the page is.
      const subtitle = heading.nextElementSibling;
      expect(subtitle?.textContent?.length).toBeGreaterThan(20);
      // The sidebar names the page the same way, where it has an entry.
      const current = screen.queryAllByRole('link', { current: 'page' }).find((link) => link.closest('nav'));
      if (current && !['/test-cases/collection/c-1', '/auth/settings/projects'].includes(path))
        expect(current).toHaveTextContent(name);
    },
  );

  it("names a test's crumb by the test's name on its page and on its runs page", async () => {
    const { organization } = signInAsMemberOf();
    const test = seedTestCase(seedSuite(organization.org_id, 'Shop'), { name: 'Pay by card' });
    const { router } = renderApp(`/test-cases/details/${test._id}`);
    await title({ name: 'Pay by card' });
    await waitFor(() => expect(lastCrumb()).toBe('Pay by card'));
    expect(within(topBarTrail()).getByRole('link', { name: 'Tests' })).toHaveAttribute('href', '/test-cases');
    expect(topBarTrail()).not.toHaveTextContent(test._id);

    await act(() => router.navigate(`/test-cases/details/${test._id}/runs`));
    await title({ name: 'Runs of Pay by card' });
    expect(lastCrumb()).toBe('Runs');
    expect(within(topBarTrail()).getByRole('link', { name: 'Pay by card' })).toHaveAttribute(
      'href',
      `/test-cases/details/${test._id}`,
    );
  });

  it.each(['', '/runs'])(
    'says "Test not found" for a test that does not exist (%s), never its id',
    async (tail) => {
      signInAsMemberOf();
      const id = 'a1b2c3d4-0000-4000-8000-00000000dead';
      renderApp(`/test-cases/details/${id}${tail}`);
      expect(await screen.findByText("This test case doesn't exist")).toBeInTheDocument();
      await waitFor(() => expect(within(topBarTrail()).getByText('Test not found')).toBeInTheDocument());
      expect(topBarTrail()).not.toHaveTextContent(id);
      if (!tail) expect(document.title).toBe('Test not found · Plainwright');
    },
  );
});
