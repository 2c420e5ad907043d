import { screen, waitFor, within } from '@testing-library/react';
import { db, seedSuite } from '../../../testing/msw/db';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import type { TestCase } from '../types';
import { CreateTestDialog } from './CreateTestDialog';

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
    ['shop', 'Please enter a valid URL'],
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

  it('counts the characters of the name against its limit', async () => {
    const { user, dialog } = renderDialog();
    expect(within(dialog).getByText('0 / 200')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Checkout');
    expect(within(dialog).getByText('8 / 200')).toBeInTheDocument();
  });

  it('keeps a pasted 2,000-character name whole, says the limit and blocks creating', async () => {
    const { user, dialog } = renderDialog();
    const name = within(dialog).getByLabelText(/^Name/);
    await user.click(name);
    await user.paste('n'.repeat(2000));
    expect(name).toHaveValue('n'.repeat(2000));
    expect(within(dialog).getByText('Must be at most 200 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Create and generate' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Create without generating' })).toBeDisabled();
    expect(db.testCases).toHaveLength(0);
  });

  it('shows and saves a website typed without a scheme with the scheme it means', async () => {
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Local shop');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'localhost:3112');
    expect(within(dialog).getByText('Will be saved as http://localhost:3112')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create without generating' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(db.testCases[0].website).toBe('http://localhost:3112');
  });

  it('says nothing more about a website that already has its scheme', async () => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'https://example.com');
    expect(within(dialog).queryByText(/Will be saved as/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('Where the test starts.')).toBeInTheDocument();
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
