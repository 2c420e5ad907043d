import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { apiError } from '../../../testing/msw/api';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedBrowserState, seedModule } from '../../../testing/msw/modules';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { TestSetupFields, type TestSetupPatch } from './TestSetupFields';

function shop() {
  const { organization } = signInAsMemberOf();
  return seedSuite(organization.org_id, 'Shop');
}

function Harness({ suiteId, testId, onChange }: { suiteId: string; testId?: string; onChange: jest.Mock }) {
  const [value, setValue] = useState<{ moduleId: string | null; browserStateId: string | null }>({
    moduleId: null,
    browserStateId: null,
  });
  return (
    <TestSetupFields
      suiteId={suiteId}
      testId={testId}
      moduleId={value.moduleId}
      browserStateId={value.browserStateId}
      onChange={(patch: TestSetupPatch) => {
        onChange(patch);
        setValue((before) => ({
          moduleId:
            patch.test_module_id_for_setup !== undefined ? patch.test_module_id_for_setup : before.moduleId,
          browserStateId:
            patch.browser_state_id !== undefined ? patch.browser_state_id : before.browserStateId,
        }));
      }}
    />
  );
}

async function choose(label: string, option: string | RegExp) {
  const { user } = rendered!;
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

let rendered: ReturnType<typeof renderWithStore> | null = null;

describe('TestSetupFields', () => {
  afterEach(() => (rendered = null));

  it("offers the project's modules and browser states and reports each choice as a patch", async () => {
    const suite = shop();
    const test = seedTestCase(suite, { name: 'Checkout' });
    const login = seedTestCase(suite, { name: 'Sign in' });
    const admin = seedModule(suite, 'Sign in as admin', { test_case_id: login._id });
    seedModule(suite, 'Made from checkout', { test_case_id: test._id });
    seedModule(suite, 'Accept cookies', {
      module_type: 'python_script',
      defining_py_script: 'page.goto("https://shop.example")',
    });
    const state = seedBrowserState(suite, 'Admin session', { module_id: admin.module_id });
    const onChange = jest.fn();
    rendered = renderWithStore(
      <Harness suiteId={suite.test_suite_id} testId={test._id} onChange={onChange} />,
    );

    await rendered.user.click(await screen.findByRole('combobox', { name: 'Setup module' }));
    const modules = within(await screen.findByRole('listbox'));
    await waitFor(() =>
      expect(modules.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'None',
        'Accept cookies (Python script)',
        'Sign in as admin',
      ]),
    );
    await rendered.user.click(modules.getByRole('option', { name: 'Accept cookies (Python script)' }));
    expect(onChange).toHaveBeenLastCalledWith({
      test_module_id_for_setup: expect.stringMatching(/^module-/),
    });
    expect(await screen.findByText(/This script is waiting for approval/)).toBeInTheDocument();

    await choose('Setup module', 'Sign in as admin');
    expect(onChange).toHaveBeenLastCalledWith({ test_module_id_for_setup: admin.module_id });
    expect(
      screen.getByText('The steps of "Sign in as admin" run first, in the same page.'),
    ).toBeInTheDocument();

    await choose('Browser state', 'Admin session');
    expect(onChange).toHaveBeenLastCalledWith({ browser_state_id: state.id });
    expect(
      screen.getByText(/Saved by "Sign in as admin", updated .*; refreshed each time it runs green\./),
    ).toBeInTheDocument();

    await choose('Setup module', 'None');
    expect(onChange).toHaveBeenLastCalledWith({ test_module_id_for_setup: null });
  });

  it('says when the browser states cannot be loaded, and keeps the module choice working', async () => {
    const suite = shop();
    seedModule(suite, 'Sign in as admin', { test_case_id: seedTestCase(suite)._id });
    server.use(http.get('/api/browser-states/:suiteId', () => apiError(500, 'internal', 'boom')));
    const onChange = jest.fn();
    rendered = renderWithStore(<Harness suiteId={suite.test_suite_id} onChange={onChange} />);

    // Said twice: as a toast and under the field.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch browser states')).toHaveLength(2));
    await choose('Setup module', 'Sign in as admin');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("says SPEC §8's 'Failed to fetch module' when the test's one setup module cannot be read", async () => {
    const suite = shop();
    server.use(http.get('/api/test-suites/:suiteId/test-modules', () => apiError(500, 'internal', 'boom')));
    renderWithStore(
      <TestSetupFields
        suiteId={suite.test_suite_id}
        moduleId="module-of-the-test"
        browserStateId={null}
        onChange={jest.fn()}
      />,
    );
    // Said twice: as a toast and under the field; never the list's plural.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch module')).toHaveLength(2));
    expect(screen.queryByText('Failed to fetch modules')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch modules' when there is no module chosen, only the list to choose from", async () => {
    const suite = shop();
    server.use(http.get('/api/test-suites/:suiteId/test-modules', () => apiError(500, 'internal', 'boom')));
    renderWithStore(
      <TestSetupFields
        suiteId={suite.test_suite_id}
        moduleId={null}
        browserStateId={null}
        onChange={jest.fn()}
      />,
    );
    await waitFor(() => expect(screen.getAllByText('Failed to fetch modules')).toHaveLength(2));
  });

  it('cannot be changed while disabled', async () => {
    const suite = shop();
    renderWithStore(
      <TestSetupFields
        suiteId={suite.test_suite_id}
        moduleId={null}
        browserStateId={null}
        onChange={jest.fn()}
        disabled
      />,
    );
    expect(await screen.findByRole('combobox', { name: 'Setup module' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Browser state' })).toHaveAttribute('aria-disabled', 'true');
  });
});
