import { type Action, describeAction, isAction } from './actions';
import { actionCode, pythonScript, typescriptScript } from './codegen';

// A click on a control inside a menu is one step: its opener is clicked first, in the same step.
const deleteFromMenu: Action = {
  kind: 'click',
  opener: {
    within: { by: 'role', role: 'row' },
    withinText: 'Grace Hopper',
    locator: { by: 'role', role: 'button', name: 'More actions', exact: true },
  },
  target: { locator: { by: 'role', role: 'menuitem', name: 'Delete', exact: true } },
};
const spec = {
  name: 'Delete an order',
  steps: [{ description: 'Click the delete button of "Grace Hopper"', action: deleteFromMenu }],
  parameters: {},
  secretNames: [],
};

describe('a click through a menu opener', () => {
  it('writes the opener and the item as two lines of one step, each indented in the scripts', () => {
    const opener =
      "page.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByRole('button', { name: 'More actions', exact: true }).click();";
    const item = "page.getByRole('menuitem', { name: 'Delete', exact: true }).click();";
    expect(actionCode(deleteFromMenu, 'typescript')).toBe(`await ${opener}\nawait ${item}`);
    // In a whole file each goes through shown(), as a run shows a control hidden until hovered (issue 28).
    const [openerLocator, itemLocator] = [opener, item].map((line) => line.replace(/\.click\(\);$/, ''));
    expect(typescriptScript(spec)).toContain(
      `  // 1. Click the delete button of "Grace Hopper"\n  await (await shown(${openerLocator})).click();\n  await (await shown(${itemLocator})).click();\n});`,
    );
    expect(pythonScript(spec)).toContain(
      [
        '    # 1. Click the delete button of "Grace Hopper"',
        '    shown(page.get_by_role("row").filter(has_text="Grace Hopper").get_by_role("button", name="More actions", exact=True)).click()',
        '    shown(page.get_by_role("menuitem", name="Delete", exact=True)).click()',
      ].join('\n'),
    );
  });

  it('reads back only a well-formed opener, and names it in the step', () => {
    expect(isAction(JSON.parse(JSON.stringify(deleteFromMenu)))).toBe(true);
    expect(isAction({ ...deleteFromMenu, opener: { locator: { by: 'role' } } })).toBe(false);
    expect(describeAction(deleteFromMenu)).toBe(
      'Click "Delete" menuitem in the menu of "More actions" button in the row with "Grace Hopper"',
    );
  });
});
