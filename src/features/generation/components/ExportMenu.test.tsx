import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement } from 'react';
import { captureDownloads } from '../../../testing/downloads';
import { apiError } from '../../../testing/msw/api';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { ExportMenu } from './ExportMenu';

// Issue 13: a test that uses modules exports as a Playwright project (one file cannot hold the modules
// it calls), fetched from the server as a zip; a plain test keeps its single-file exports.

const plain = {
  id: 'test-plain',
  name: 'Add a todo',
  finalScript: "test('Add a todo', async ({ page }) => {});",
  finalScriptPy: 'def test_add_a_todo(page): pass',
  testModuleIdForSetup: null,
  browserStateId: null,
  testGenerationSteps: [{ action: { kind: 'goto', url: 'https://example.com' } }],
};

afterEach(() => jest.restoreAllMocks());

describe('ExportMenu', () => {
  it('offers the single files of a plain test, and no project', async () => {
    const { user } = renderWithStore(createElement(ExportMenu, { test: plain }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: /Download TypeScript/ })).toBeEnabled();
    expect(screen.queryByRole('menuitem', { name: /Download Playwright project/ })).not.toBeInTheDocument();
  });

  it('downloads a test with a setup module as the project zip, and disables the single files', async () => {
    const blobs = captureDownloads();
    const requested: string[] = [];
    server.use(
      http.get('/api/test-case/:id/export.zip', ({ request }) => {
        requested.push(`${new URL(request.url).pathname}${new URL(request.url).search}`);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: { 'content-type': 'application/zip' },
        });
      }),
    );
    const test = { ...plain, id: 'test-modules', testModuleIdForSetup: 'module-1' };
    const { user } = renderWithStore(createElement(ExportMenu, { test }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: /Download TypeScript/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: /Copy Python/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: /Download Playwright project/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(requested).toEqual(['/api/test-case/test-modules/export.zip?language=typescript']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: /Download pytest project/ }));
    await waitFor(() => expect(blobs).toHaveLength(2));
    expect(requested[1]).toBe('/api/test-case/test-modules/export.zip?language=python');
    expect(blobs[0].size).toBe(4);
  });

  it('says why when the server cannot export it', async () => {
    captureDownloads();
    server.use(
      http.get('/api/test-case/:id/export.zip', () =>
        apiError(422, 'unprocessable', 'This test has no generated script to export yet: generate it first.'),
      ),
    );
    const test = {
      ...plain,
      testGenerationSteps: [{ action: { kind: 'module', moduleId: 'm', name: 'Sign in' } }],
    };
    const { user } = renderWithStore(createElement(ExportMenu, { test }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: /Download Playwright project/ }));
    expect(
      await screen.findByText(
        'Failed to export the Playwright project: This test has no generated script to export yet: generate it first.',
      ),
    ).toBeInTheDocument();
  });
});
