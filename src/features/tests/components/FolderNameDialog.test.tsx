import { screen, within } from '@testing-library/react';
import { renderWithStore } from '../../../testing/renderWithStore';
import { FolderNameDialog } from './FolderNameDialog';

function renderDialog(onSubmit = jest.fn(async (_name: string) => null as string | null), initialName = '') {
  const onClose = jest.fn();
  const view = renderWithStore(
    <FolderNameDialog
      open
      title="New folder"
      submitLabel="Create"
      pendingLabel="Creating…"
      parentPath="checkout"
      initialName={initialName}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'New folder' });
  return { ...view, dialog, onSubmit, onClose, field: within(dialog).getByLabelText('Folder name') };
}

describe('FolderNameDialog', () => {
  it('says where the folder goes and keeps Create off while the name is blank', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Inside checkout. Letters, numbers and underscores only.');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it.each(['with space', 'dash-ed', 'a/b', 'dot.ted'])('refuses %j before sending it', async (name) => {
    const { user, dialog, field, onSubmit } = renderDialog();
    await user.type(field, `${name}{Enter}`);
    expect(
      await within(dialog).findByText('Folder names may contain only letters, numbers or underscores'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts the characters against the limit and keeps a long paste whole, refusing it', async () => {
    const { user, dialog, field, onSubmit } = renderDialog();
    expect(within(dialog).getByText('0 / 100')).toBeInTheDocument();
    await user.type(field, 'cards');
    expect(within(dialog).getByText('5 / 100')).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste('f'.repeat(2000));
    expect(field).toHaveValue('f'.repeat(2000));
    expect(within(dialog).getByText('Must be at most 100 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts letters of any alphabet, digits and underscores, trimmed', async () => {
    const { user, field, onSubmit, onClose } = renderDialog();
    await user.type(field, '  Zahlungen_2ü  {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Zahlungen_2ü');
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open with the reason it was given', async () => {
    const onSubmit = jest.fn(
      async (_name: string): Promise<string | null> => 'A folder named "cards" already exists',
    );
    const { user, dialog, field, onClose } = renderDialog(onSubmit);
    await user.type(field, 'cards{Enter}');
    expect(await within(dialog).findByText('A folder named "cards" already exists')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts from the current name when renaming', () => {
    const { field } = renderDialog(undefined, 'cards');
    expect(field).toHaveValue('cards');
  });
});
