import { screen, within } from '@testing-library/react';
import { db, seedFolder, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { MoveTestDialog } from './MoveTestDialog';

describe('MoveTestDialog', () => {
  it("offers the suite's folders, starting at the test's own, and moves it", async () => {
    const { organization } = signInAsMemberOf();
    const suite = seedSuite(organization.org_id, 'Shop');
    seedFolder(suite.test_suite_id, 'search');
    const test = seedTestCase(suite, { name: 'Pay by card', path: 'checkout/cards' });
    const onClose = jest.fn();
    const { user } = renderWithStore(
      <MoveTestDialog
        test={{ id: test._id, name: test.name, path: test.path }}
        suiteId={suite.test_suite_id}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Move test' });
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(within(dialog).getByRole('combobox', { name: 'Folder' })).toHaveTextContent('checkout/cards');
    expect(move).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Top level',
      'checkout',
      'checkout/cards',
      'search',
    ]);
    await user.click(screen.getByRole('option', { name: 'Top level' }));
    await user.click(move);
    expect(await screen.findByText('Test case moved')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(db.testCases[0].path).toBe('');
  });

  it('keeps a long test name and long folder paths inside the dialog', async () => {
    const { organization } = signInAsMemberOf();
    const suite = seedSuite(organization.org_id, 'Shop');
    const longFolder = `a${'b'.repeat(99)}/${'c'.repeat(100)}`;
    seedFolder(suite.test_suite_id, longFolder);
    const longName = 'n'.repeat(200);
    const test = seedTestCase(suite, { name: longName, path: '' });
    const { user } = renderWithStore(
      <MoveTestDialog
        test={{ id: test._id, name: test.name, path: test.path }}
        suiteId={suite.test_suite_id}
        onClose={jest.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Move test' });
    expect(within(dialog).getByText(longName).closest('p')).toHaveStyle({ overflowWrap: 'anywhere' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    const option = await screen.findByRole('option', { name: longFolder });
    expect(option).toHaveAttribute('title', longFolder);
    expect(option).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis' });
  });
});
