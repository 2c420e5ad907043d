import { screen, within } from '@testing-library/react';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { AddTestsDialog } from './AddTestsDialog';

function shop() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  const pay = seedTestCase(suite, { name: 'Pay by card', state: 'passed' });
  seedTestCase(suite, { name: 'Refund a card payment', state: 'passed' });
  seedTestCase(suite, { name: 'Browse the catalog', path: 'catalog', state: 'passed' });
  return { suite, pay };
}

const offered = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('AddTestsDialog', () => {
  it('filters the offered tests by the words of the search, in any case (issue 28)', async () => {
    const { suite, pay } = shop();
    const onAdd = jest.fn();
    const { user } = renderWithStore(
      <AddTestsDialog
        open
        suiteId={suite.test_suite_id}
        linkedTestIds={[pay._id]}
        onAdd={onAdd}
        onClose={jest.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add tests' });
    await within(dialog).findByLabelText(/Browse the catalog/);
    expect(offered(dialog)).toHaveLength(2);

    const search = within(dialog).getByRole('searchbox', { name: 'Search tests' });
    await user.type(search, 'CARD');
    expect(offered(dialog)).toEqual(['Refund a card payment']);
    await user.click(within(dialog).getByLabelText(/Refund a card payment/));

    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(offered(dialog)).toEqual([]);
    expect(within(dialog).getByText('No test of the project matches “nothing like it”.')).toBeInTheDocument();

    await user.clear(search);
    expect(offered(dialog)).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Add test' }));
    expect(onAdd).toHaveBeenCalledWith([expect.any(String)]);
  });

  it('shows a test never generated disabled, with the reason, and never adds it (issue 28)', async () => {
    const { suite, pay } = shop();
    seedTestCase(suite, { name: 'Draft checkout', state: 'created' });
    const onAdd = jest.fn();
    const { user } = renderWithStore(
      <AddTestsDialog
        open
        suiteId={suite.test_suite_id}
        linkedTestIds={[pay._id]}
        onAdd={onAdd}
        onClose={jest.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add tests' });
    const draft = await within(dialog).findByRole('checkbox', { name: /Draft checkout/ });
    expect(draft).toBeDisabled();
    expect(draft).toHaveAccessibleDescription('Not generated yet: no steps to run');
    expect(within(dialog).getByRole('checkbox', { name: /Refund a card payment/ })).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /Refund a card payment/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add test' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0][0]).toHaveLength(1);
  });
});
