import { type Action, describeAction, isAction, meetsCount } from './actions';
import { actionCode } from './codegen';

// A count compared with a number ('more than 3 results', issue 29): checked, described and exported.
const rows = { locator: { by: 'role' as const, role: 'row' } };
const compared = (compare: 'gt' | 'ge' | 'lt' | 'le', count: number): Action => ({
  kind: 'expect',
  assert: { type: 'count', target: rows, count, compare },
});

describe('a compared count', () => {
  it('is an action, described in words, and met as compared', () => {
    expect(isAction(compared('gt', 3))).toBe(true);
    expect(
      isAction({ kind: 'expect', assert: { type: 'count', target: rows, count: 3, compare: 'about' } }),
    ).toBe(false);
    expect(describeAction(compared('ge', 2))).toContain('at least 2');
    expect([
      meetsCount(4, 3, 'gt'),
      meetsCount(3, 3, 'gt'),
      meetsCount(9, 10, 'lt'),
      meetsCount(10, 10, 'le'),
    ]).toEqual([true, false, true, true]);
  });

  it('polls the count in TypeScript and waits for the element that decides in Python', () => {
    expect(actionCode(compared('gt', 3), 'typescript')).toBe(
      "await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(3);",
    );
    expect(actionCode(compared('le', 5), 'typescript')).toBe(
      "await expect.poll(() => page.getByRole('row').count()).toBeLessThanOrEqual(5);",
    );
    // More than 3: a 4th exists; at least 2: a 2nd; fewer than 10: no 10th; at most 5: no 6th.
    expect(actionCode(compared('gt', 3), 'python')).toBe(
      'expect(page.get_by_role("row").nth(3)).to_be_attached()',
    );
    expect(actionCode(compared('ge', 2), 'python')).toBe(
      'expect(page.get_by_role("row").nth(1)).to_be_attached()',
    );
    expect(actionCode(compared('lt', 10), 'python')).toBe(
      'expect(page.get_by_role("row").nth(9)).not_to_be_attached()',
    );
    expect(actionCode(compared('le', 5), 'python')).toBe(
      'expect(page.get_by_role("row").nth(5)).not_to_be_attached()',
    );
  });

  it('keeps an exact count as it was', () => {
    const exact: Action = { kind: 'expect', assert: { type: 'count', target: rows, count: 3 } };
    expect(actionCode(exact, 'typescript')).toBe("await expect(page.getByRole('row')).toHaveCount(3);");
  });
});
