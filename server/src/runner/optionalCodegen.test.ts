import { type Action, describeAction, isAction } from './actions';
import { actionCode, pythonScript, typescriptScript } from './codegen';

// An optional step (issue 32) waits briefly for its element and clicks it only if it was shown.
const accept: Action = {
  kind: 'click',
  target: { locator: { by: 'role', role: 'button', name: 'Accept all', exact: true } },
  optional: { waitMs: 3000 },
};
const spec = {
  name: 'Consent',
  steps: [{ description: 'If a cookie banner is shown, click "Accept all"', action: accept }],
  parameters: {},
  secretNames: [],
};
const locator = "page.getByRole('button', { name: 'Accept all', exact: true })";
const pyLocator = 'page.get_by_role("button", name="Accept all", exact=True)';

describe('an optional click', () => {
  it('is written as a wait that may time out, then the click only if the element was shown', () => {
    expect(actionCode(accept, 'typescript')).toBe(
      [
        '// Optional: clicked only if shown within 3000 ms.',
        `if (await ${locator}.first().waitFor({ timeout: 3000 }).then(() => true, () => false)) {`,
        `  await ${locator}.click();`,
        '}',
      ].join('\n'),
    );
    expect(actionCode(accept, 'python')).toBe(
      [
        '# Optional: clicked only if shown within 3000 ms.',
        'try:',
        `    ${pyLocator}.first.wait_for(timeout=3000)`,
        'except PlaywrightTimeoutError:',
        '    pass',
        'else:',
        `    ${pyLocator}.click()`,
      ].join('\n'),
    );
  });

  it('brings the timeout error into a Python file only when a step needs it', () => {
    expect(pythonScript(spec)).toContain('Page, TimeoutError as PlaywrightTimeoutError, expect');
    expect(
      pythonScript({
        ...spec,
        steps: [{ description: 'Click', action: { ...accept, optional: undefined } }],
      }),
    ).not.toContain('PlaywrightTimeoutError');
    expect(typescriptScript(spec)).toContain(`  if (await ${locator}.first().waitFor({ timeout: 3000 })`);
  });

  it('says it is optional, and is read back from storage with its wait', () => {
    expect(describeAction(accept)).toBe('If shown, click "Accept all" button');
    expect(describeAction({ ...accept, optional: undefined })).toBe('Click "Accept all" button');
    expect(isAction(JSON.parse(JSON.stringify(accept)))).toBe(true);
    expect(isAction({ ...accept, optional: { waitMs: 'soon' } })).toBe(false);
  });
});
