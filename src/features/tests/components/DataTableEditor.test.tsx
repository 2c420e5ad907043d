import { screen, waitFor, within } from '@testing-library/react';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedTestData, storedTestData } from '../../../testing/msw/testData';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { DataTableEditor } from './DataTableEditor';

// Issue 33: a test's data table, typed in the grid or imported from CSV, judged as the server does.

function renderTable(rows: Record<string, string>[] = []) {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  const variables = { item: 'Milk', quantity: '1' };
  const test = seedTestCase(suite, { parameters: variables });
  seedTestData(test, rows);
  const view = renderWithStore(<DataTableEditor testId={test._id} variables={variables} />);
  return { ...view, test };
}

describe('DataTableEditor', () => {
  it('adds rows typed in the grid and saves them', async () => {
    const { user, test } = renderTable();
    expect(await screen.findByText(/^No data table/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('textbox', { name: 'item, row 1' }), 'Bread');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('textbox', { name: 'quantity, row 2' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save rows' }));
    await waitFor(() => expect(storedTestData(test)).toEqual([{ item: 'Bread' }, { quantity: '3' }]));
    expect(await screen.findByText(/^Each run runs the test once per row \(2 rows\)/)).toBeInTheDocument();
  });

  it('imports a CSV file, refusing one with unknown columns by name', async () => {
    const { user, test } = renderTable([{ item: 'Eggs' }]);
    expect(await screen.findByRole('textbox', { name: 'item, row 1' })).toHaveValue('Eggs');
    const input = screen.getByLabelText('CSV file');
    await user.upload(input, new File(['item,colour\nMilk,red\n'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown column "colour"');
    await user.upload(
      input,
      new File(['item,quantity\n"Milk, whole",2\nTea,\n'], 'rows.csv', { type: 'text/csv' }),
    );
    // The file is read asynchronously: row 1 shows "Eggs" until the import lands.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'item, row 1' })).toHaveValue('Milk, whole'),
    );
    expect(screen.getByRole('textbox', { name: 'item, row 2' })).toHaveValue('Tea');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rows' }));
    await waitFor(() =>
      expect(storedTestData(test)).toEqual([{ item: 'Milk, whole', quantity: '2' }, { item: 'Tea' }]),
    );
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Delete row 2' }));
    await user.click(screen.getByRole('button', { name: 'Save rows' }));
    await waitFor(() => expect(storedTestData(test)).toEqual([{ item: 'Milk, whole', quantity: '2' }]));
  });
});
