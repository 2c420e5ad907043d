import { screen, waitFor, within } from '@testing-library/react';
import { db, seedSuite } from '../../../testing/msw/db';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import type { TestCase } from '../types';
import { CreateTestDialog } from './CreateTestDialog';

// Whole flows typed key by key through user-event: slower than jest's 5 s default on a busy machine.
jest.setTimeout(20_000);

function renderDialog() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  const onClose = jest.fn();
  const onCreated = jest.fn<void, [TestCase, { generating: boolean }]>();
  const view = renderWithStore(
    <CreateTestDialog
      open
      suiteId={suite.test_suite_id}
      folders={['checkout', 'checkout/cards']}
      initialFolder="checkout"
      onClose={onClose}
      onCreated={onCreated}
    />,
  );
  return { ...view, dialog: screen.getByRole('dialog', { name: 'New test' }), onClose, onCreated };
}

describe('CreateTestDialog', () => {
  it.each([
    ['shop.example', 'Please enter a valid URL'],
    ['ftp://shop.example', 'Please enter a valid URL'],
    ['https://', 'Please enter a valid URL'],
    ['https://shop example.com', 'Please enter a valid URL'],
  ])('refuses the start URL %j', async (website, message) => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Checkout');
    await user.type(within(dialog).getByLabelText(/^Website URL/), website);
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(db.testCases).toHaveLength(0);
  });

  it('refuses a blank name', async () => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), '   ');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'https://shop.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));
    expect(await within(dialog).findByText('Test name is required')).toBeInTheDocument();
  });

  it('creates the test and asks for its generation with it', async () => {
    const { user, dialog, onCreated, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Checkout works');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'http://127.0.0.1:4000/shop');
    await user.click(await within(dialog).findByRole('textbox', { name: 'Instructions' }));
    await user.paste('Add a mug to the cart.');
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated.mock.calls[0][1]).toEqual({ generating: true });
    expect(db.testCases[0]).toMatchObject({ name: 'Checkout works', state: 'pending' });
    expect(db.testCases[0].generation_requested_at).not.toBeNull();
  });

  it('creates the test in the folder it started in, with empty instructions', async () => {
    const { user, dialog, onCreated, onClose } = renderDialog();
    expect(within(dialog).getByRole('combobox', { name: 'Folder' })).toHaveTextContent('checkout');
    await user.type(within(dialog).getByLabelText(/^Name/), '  Checkout works ');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'http://127.0.0.1:4000/shop');
    await user.click(within(dialog).getByRole('button', { name: 'Create without generating' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated.mock.calls[0][0]).toMatchObject({ name: 'Checkout works', path: 'checkout' });
    expect(onCreated.mock.calls[0][1]).toEqual({ generating: false });
    expect(db.testCases[0]).toMatchObject({
      name: 'Checkout works',
      website: 'http://127.0.0.1:4000/shop',
      description: '',
      path: 'checkout',
      state: 'created',
      generation_requested_at: null,
    });
  });
});
