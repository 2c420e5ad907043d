import { type Action, describeAction, isAction } from './actions';
import { actionCode } from './codegen';

// A drag (issue 32) is exported as Playwright's locator.dragTo, its mouse moving in steps as a run's does.
const drag: Action = {
  kind: 'drag',
  target: { locator: { by: 'text', text: 'Write report', exact: true } },
  to: { locator: { by: 'role', role: 'region', name: 'Done', exact: true } },
};

describe('a drag', () => {
  it('is exported as dragTo with the mouse moving in steps', () => {
    expect(actionCode(drag, 'typescript')).toBe(
      "await page.getByText('Write report', { exact: true }).dragTo(page.getByRole('region', { name: 'Done', exact: true }), { steps: 8 });",
    );
    expect(actionCode(drag, 'python')).toBe(
      'page.get_by_text("Write report", exact=True).drag_to(page.get_by_role("region", name="Done", exact=True), steps=8)',
    );
  });

  it('is described and read back from storage', () => {
    expect(describeAction(drag)).toBe('Drag text "Write report" to "Done" region');
    expect(isAction(JSON.parse(JSON.stringify(drag)))).toBe(true);
    expect(isAction({ ...drag, to: 'Done' })).toBe(false);
  });
});
