import { type Action, type Assertion, type ScriptStep, type Target } from '../../runner';
import { compareHealing, type HealingComparison } from './assertions';

const step = (description: string, action: Action): ScriptStep => ({ description, action });
const check = (description: string, assert: Assertion): ScriptStep =>
  step(description, { kind: 'expect', assert });
const css = (selector: string): Target => ({ locator: { by: 'css', selector } });
const label = (text: string): Target => ({ locator: { by: 'label', text } });
const button = (name: string): Target => ({ locator: { by: 'role', role: 'button', name } });

// A checkout test with one check of each kind; the indexes below are its steps'.
const ORIGINAL: ScriptStep[] = [
  step('Open the shop', { kind: 'goto', url: 'http://127.0.0.1:4100/shop' }),
  step('Fill the email', { kind: 'fill', target: label('Email'), value: 'ann@example.com' }),
  step('Choose express shipping', { kind: 'select', target: label('Shipping'), value: 'express' }),
  step('Click Checkout', { kind: 'click', target: button('Checkout') }),
  check('Verify the total is $129.00', {
    type: 'text',
    target: { locator: { by: 'testId', testId: 'order-total' } },
    value: '$129.00',
  }),
  check('Verify the page shows "Order placed"', {
    type: 'visible',
    target: { locator: { by: 'text', text: 'Order placed', exact: true } },
  }),
  check('Verify three items are listed', {
    type: 'count',
    target: { locator: { by: 'role', role: 'listitem' }, within: { by: 'css', selector: '#cart' } },
    count: 3,
  }),
  check('Verify the confirmation address', {
    type: 'url',
    value: 'http://127.0.0.1:4100/shop/done',
    match: 'equals',
  }),
  check('Verify the newsletter box is ticked', {
    type: 'checked',
    target: label('Newsletter'),
    checked: true,
  }),
  check('Verify Pay again is disabled', { type: 'enabled', target: button('Pay again'), enabled: false }),
  check('Verify no error is shown', { type: 'visible', target: css('.error'), negate: true }),
  step('Press Escape', { kind: 'press', key: 'Escape' }),
];
const CHECKS = 7;

/** The original with some steps edited, as a healer would propose it. */
function proposal(edit: (steps: ScriptStep[]) => void): ScriptStep[] {
  const steps = structuredClone(ORIGINAL);
  edit(steps);
  return steps;
}

function assertOf(steps: ScriptStep[], index: number): Assertion {
  const action = steps[index].action;
  if (action.kind !== 'expect') throw new Error(`step ${index} is not a check`);
  return action.assert;
}

function onlyViolation(result: HealingComparison) {
  expect(result.ok).toBe(false);
  expect(result.violations).toHaveLength(1);
  return result.violations[0];
}

describe('compareHealing: what a healing may do', () => {
  it('keeps every check of an identical proposal and maps each step to itself', () => {
    const result = compareHealing(
      ORIGINAL,
      proposal(() => {}),
    );
    expect(result).toEqual({
      ok: true,
      checksTotal: CHECKS,
      checksKept: CHECKS,
      violations: [],
      matches: ORIGINAL.map((_, i) => ({ originalIndex: i, healedIndex: i, retargeted: false })),
    });
  });

  it('accepts new targets for actions and checks, and marks those steps as retargeted', () => {
    const healed = proposal((steps) => {
      steps[1].action = { kind: 'fill', target: label('Work email'), value: 'ann@example.com' };
      steps[3].action = { kind: 'click', target: button('Place order') };
      (assertOf(steps, 4) as { target: Target }).target = css('#summary .total');
      (assertOf(steps, 6) as { target: Target }).target = {
        locator: { by: 'css', selector: 'cart-line' },
        within: { by: 'testId', testId: 'cart' },
      };
      steps[11].action = { kind: 'press', key: 'Escape', target: css('dialog') };
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(result.ok).toBe(true);
    expect(result.checksKept).toBe(CHECKS);
    expect(result.matches.filter((m) => m.retargeted).map((m) => m.originalIndex)).toEqual([1, 3, 4, 6, 11]);
  });

  it('pairs a moved control with its own step, not with the click that opens its menu', () => {
    const healed = proposal((steps) => {
      steps.splice(
        3,
        1,
        step('Open the "More" menu', { kind: 'click', target: button('More') }),
        step('Click Checkout', {
          kind: 'click',
          target: { locator: { by: 'role', role: 'menuitem', name: 'Checkout' } },
        }),
      );
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(result.ok).toBe(true);
    expect(result.matches[3]).toEqual({ originalIndex: 3, healedIndex: 4, retargeted: true });
    expect(result.matches[4]).toEqual({ originalIndex: 4, healedIndex: 5, retargeted: false });
  });

  it('accepts a click that now opens a menu first, in the same step, as a new target that keeps every check', () => {
    const healed = proposal((steps) => {
      steps[3].action = {
        kind: 'click',
        opener: {
          locator: { by: 'role', role: 'button', name: 'More actions' },
          within: { by: 'role', role: 'row' },
          withinText: 'Order #1002',
        },
        target: { locator: { by: 'role', role: 'menuitem', name: 'Checkout', exact: true } },
      };
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(result).toMatchObject({ ok: true, checksTotal: CHECKS, checksKept: CHECKS, violations: [] });
    expect(result.matches.filter((m) => m.retargeted).map((m) => m.originalIndex)).toEqual([3]);
    expect(result.matches.every((m) => m.originalIndex === m.healedIndex)).toBe(true);

    // Only an opener added, the same target: still that click, reached another way.
    const openerOnly = proposal((steps) => {
      steps[3].action = { kind: 'click', target: button('Checkout'), opener: button('More') };
    });
    expect(compareHealing(ORIGINAL, openerOnly).matches[3]).toEqual({
      originalIndex: 3,
      healedIndex: 3,
      retargeted: true,
    });

    // An opener does not make a double click a single one.
    const doubled = proposal((steps) => {
      steps[3].action = { kind: 'click', target: button('Checkout'), opener: button('More'), clickCount: 2 };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, doubled))).toMatchObject({
      stepIndex: 3,
      kind: 'action_changed',
    });
  });

  it('allows inserted hovers, key presses, scrolls, waits and extra checks', () => {
    const healed = proposal((steps) => {
      steps.splice(
        3,
        0,
        step('Scroll down', { kind: 'scroll', to: 'down' }),
        step('Hover the cart', { kind: 'hover', target: css('#cart') }),
        step('Wait for the form', { kind: 'waitFor', target: css('form'), state: 'visible' }),
        step('Wait a moment', { kind: 'wait', ms: 500 }),
        step('Close the banner', { kind: 'press', key: 'Escape' }),
        check('Verify the banner is gone', { type: 'visible', target: css('.banner'), negate: true }),
      );
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(result.ok).toBe(true);
    expect(result.checksKept).toBe(CHECKS);
    expect(result.matches.map((m) => m.healedIndex)).toEqual([0, 1, 2, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  });

  it('allows an extra, looser check beside the original one, since the original still has to pass', () => {
    const healed = proposal((steps) => {
      steps.splice(
        5,
        0,
        check('Verify the total shows', { type: 'text', target: css('body'), value: '129' }),
      );
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(result.ok).toBe(true);
    expect(result.checksKept).toBe(CHECKS);
  });

  it('treats the exactness of a text locator that only finds the checked element as part of its target', () => {
    const original = [
      check('Verify the total', {
        type: 'text',
        target: {
          locator: { by: 'text', text: 'Total', exact: true },
          within: { by: 'css', selector: 'tr' },
        },
        value: '$129.00',
      }),
    ];
    const healed = [
      check('Verify the total', {
        type: 'text',
        target: { locator: { by: 'text', text: 'Order total' }, within: { by: 'css', selector: 'tr' } },
        value: '$129.00',
      }),
    ];
    expect(compareHealing(original, healed)).toMatchObject({ ok: true, checksKept: 1 });
  });

  it('does not take a check on a real container for a check that cannot fail', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 4) as { target: Target }).target = { locator: { by: 'role', role: 'main' } };
    });
    expect(compareHealing(ORIGINAL, healed)).toMatchObject({ ok: true, checksKept: CHECKS });
  });

  it('keeps a module call with the same module even when the module was renamed', () => {
    const original = [step('Sign in', { kind: 'module', moduleId: 'm-1', name: 'Sign in as admin' })];
    const healed = [step('Sign in', { kind: 'module', moduleId: 'm-1', name: 'Log in as admin' })];
    expect(compareHealing(original, healed).ok).toBe(true);
  });

  it('accepts an empty test healed as an empty test', () => {
    expect(compareHealing([], [])).toEqual({
      ok: true,
      checksTotal: 0,
      checksKept: 0,
      violations: [],
      matches: [],
    });
  });
});

describe('compareHealing: weakened or changed checks', () => {
  it('reports a removed check by its step and what it checked', () => {
    const result = compareHealing(
      ORIGINAL,
      proposal((steps) => steps.splice(4, 1)),
    );
    expect(onlyViolation(result)).toEqual({
      stepIndex: 4,
      kind: 'check_removed',
      message:
        'Step 5 "Verify the total is $129.00" was removed: the proposal no longer checks that "order total" contains "$129.00".',
    });
    expect(result.checksKept).toBe(CHECKS - 1);
  });

  it('reports a text value replaced by another as a changed check', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 4) as { value: string }).value = '$139.00';
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 4,
      kind: 'check_changed',
      message:
        'Step 5 "Verify the total is $129.00" was changed: it expected the text "$129.00", the proposal expects "$139.00".',
    });
  });

  it('reports a text value cut down to a part of it as a weakened check', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 4) as { value: string }).value = '129';
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toMatchObject({
      stepIndex: 4,
      kind: 'check_weakened',
      message:
        'Step 5 "Verify the total is $129.00" was weakened: it expected the text "$129.00", the proposal accepts any text containing "129".',
    });
  });

  it('reports a URL that had to be equal and now only has to contain the value', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 7) as { match: string }).match = 'contains';
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 7,
      kind: 'check_weakened',
      message:
        'Step 8 "Verify the confirmation address" was weakened: it expected the URL to be "http://127.0.0.1:4100/shop/done" exactly, the proposal accepts any URL containing it.',
    });
  });

  it('reports a title check whose expected words changed', () => {
    const original = [check('Verify the title', { type: 'title', value: 'Order placed', match: 'contains' })];
    const healed = [check('Verify the title', { type: 'title', value: 'Cart', match: 'contains' })];
    expect(onlyViolation(compareHealing(original, healed))).toMatchObject({
      kind: 'check_changed',
      message:
        'Step 1 "Verify the title" was changed: it expected the title to contain "Order placed", the proposal expects it to contain "Cart".',
    });
  });

  it('reports "the page shows exactly" loosened to any text containing it', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 5) as { target: Target }).target = { locator: { by: 'text', text: 'Order placed' } };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 5,
      kind: 'check_weakened',
      message:
        'Step 6 "Verify the page shows "Order placed"" was weakened: it expected the page to show exactly "Order placed", the proposal accepts any text containing it.',
    });
  });

  it('reports "the page shows" looking for other words as a changed check', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 5) as { target: Target }).target = {
        locator: { by: 'text', text: 'Order received', exact: true },
      };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toMatchObject({
      kind: 'check_changed',
      message:
        'Step 6 "Verify the page shows "Order placed"" was changed: it expected the page to show "Order placed", the proposal looks for "Order received" instead.',
    });
  });

  it('reports a flipped negation as a check turned into its opposite', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 10) as { negate?: boolean }).negate = false;
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 10,
      kind: 'check_changed',
      message:
        'Step 11 "Verify no error is shown" was changed: it checked that element .error is hidden, the proposal checks the opposite, that element .error is visible.',
    });
  });

  it('reports a changed count', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 6) as { count: number }).count = 2;
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 6,
      kind: 'check_changed',
      message:
        'Step 7 "Verify three items are listed" was changed: it expected 3 × item in element #cart, the proposal expects 2.',
    });
  });

  it.each([
    [
      8,
      { checked: false },
      'Step 9 "Verify the newsletter box is ticked" was changed: it checked that "Newsletter" field is checked, the proposal checks that "Newsletter" field is not checked instead.',
    ],
    [
      9,
      { enabled: true },
      'Step 10 "Verify Pay again is disabled" was changed: it checked that "Pay again" button is disabled, the proposal checks that "Pay again" button is enabled instead.',
    ],
  ])('reports flipping the checked or enabled state of step %i', (index, flip, message) => {
    const healed = proposal((steps) => Object.assign(assertOf(steps, index), flip));
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: index,
      kind: 'check_changed',
      message,
    });
  });

  it.each(['body', 'html', ':root', '*', 'HTML > Body', '  body ', 'main, body'])(
    'reports a check moved onto the whole page (%j) as a check that cannot fail',
    (selector) => {
      const original = [check('Verify the banner shows', { type: 'visible', target: css('.banner') })];
      const healed = [check('Verify the banner shows', { type: 'visible', target: css(selector) })];
      const violation = onlyViolation(compareHealing(original, healed));
      expect(violation.kind).toBe('check_weakened');
      expect(violation.message).toBe(
        `Step 1 "Verify the banner shows" was weakened: it checked that element .banner is visible, the proposal checks it on the whole page (element ${selector}), where it can no longer fail.`,
      );
    },
  );

  it('reports a text check moved onto the body, which holds every text', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 4) as { target: Target }).target = css('body');
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(onlyViolation(result)).toMatchObject({ stepIndex: 4, kind: 'check_weakened' });
    expect(result.checksKept).toBe(CHECKS - 1);
    expect(result.matches[4]).toEqual({ originalIndex: 4, healedIndex: 4, retargeted: false });
  });

  it('reports a text check whose new target is found by the very text it expects', () => {
    const healed = proposal((steps) => {
      (assertOf(steps, 4) as { target: Target }).target = { locator: { by: 'text', text: '$129.00' } };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 4,
      kind: 'check_weakened',
      message:
        'Step 5 "Verify the total is $129.00" was weakened: it checked that "order total" contains "$129.00", the proposal checks text "$129.00", an element found by that very text, so it only checks that "$129.00" appears somewhere on the page.',
    });
  });

  it('does not flag a text check found by its own text when the original was written that way', () => {
    const original = [
      check('Verify the total', {
        type: 'text',
        target: { locator: { by: 'text', text: 'Total $129.00' } },
        value: '$129.00',
      }),
    ];
    const healed = [
      check('Verify the total', {
        type: 'text',
        target: { locator: { by: 'text', text: 'Total $129.00' }, frame: '#checkout' },
        value: '$129.00',
      }),
    ];
    expect(compareHealing(original, healed).ok).toBe(true);
  });

  it.each<[string, Assertion]>([
    ['a negated visibility check', { type: 'visible', target: css('.error'), negate: true }],
    ['a count of nothing', { type: 'count', target: css('.error'), count: 0 }],
  ])('reports %s given a new target, since it passes wherever nothing is found', (_name, assert) => {
    const original = [check('Verify there is no error', assert)];
    const healed = [
      check('Verify there is no error', { ...assert, target: css('.error-message') } as Assertion),
    ];
    const violation = onlyViolation(compareHealing(original, healed));
    expect(violation.kind).toBe('check_weakened');
    expect(violation.message).toContain('the proposal checks element .error-message instead');
    expect(violation.message).toContain('its target may not change');
  });

  it('reports a text check turned into a mere visibility check', () => {
    const healed = proposal((steps) => {
      steps[4].action = { kind: 'expect', assert: { type: 'visible', target: css('#total') } };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 4,
      kind: 'check_weakened',
      message:
        'Step 5 "Verify the total is $129.00" was weakened: it checked that "order total" contains "$129.00", the proposal only checks that element #total is visible.',
    });
  });
});

describe('compareHealing: what the test does', () => {
  it('reports a removed action', () => {
    const result = compareHealing(
      ORIGINAL,
      proposal((steps) => steps.splice(2, 1)),
    );
    expect(onlyViolation(result)).toEqual({
      stepIndex: 2,
      kind: 'action_removed',
      message:
        'Step 3 "Choose express shipping" was removed: the proposal no longer does "Select "express" in "Shipping" field".',
    });
  });

  it('reports a filled value that changed', () => {
    const healed = proposal((steps) => {
      steps[1].action = { kind: 'fill', target: label('Work email'), value: 'test@example.com' };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 1,
      kind: 'action_changed',
      message:
        'Step 2 "Fill the email" was changed: it entered "ann@example.com", the proposal enters "test@example.com".',
    });
  });

  it('reports an address on another site', () => {
    const healed = proposal((steps) => {
      steps[0].action = { kind: 'goto', url: 'http://127.0.0.1:4200/shop' };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toEqual({
      stepIndex: 0,
      kind: 'action_changed',
      message:
        'Step 1 "Open the shop" was changed: it opened http://127.0.0.1:4100/shop, the proposal opens http://127.0.0.1:4200/shop.',
    });
  });

  it('takes another address on the same site as a page moved (renamed), like a moved element', () => {
    const healed = proposal((steps) => {
      steps[0].action = { kind: 'goto', url: 'http://127.0.0.1:4100/shop/v2' };
    });
    const comparison = compareHealing(ORIGINAL, healed);
    expect(comparison.ok).toBe(true);
    expect(comparison.matches[0]).toEqual({ originalIndex: 0, healedIndex: 0, retargeted: true });
  });

  it.each<[string, Action]>([
    ['a double click', { kind: 'click', target: button('Checkout'), clickCount: 2 }],
    ['a right click', { kind: 'click', target: button('Checkout'), button: 'right' }],
    ['another kind of step', { kind: 'press', key: 'Enter', target: button('Checkout') }],
  ])('reports a click turned into %s', (_name, action) => {
    const healed = proposal((steps) => {
      steps[3].action = action;
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toMatchObject({
      stepIndex: 3,
      kind: 'action_changed',
    });
  });

  it('reports a different key pressed', () => {
    const healed = proposal((steps) => {
      steps[11].action = { kind: 'press', key: 'Enter' };
    });
    expect(onlyViolation(compareHealing(ORIGINAL, healed)).message).toBe(
      'Step 12 "Press Escape" was changed: it pressed Escape, the proposal presses Enter.',
    );
  });

  it('allows an inserted click but not an inserted fill', () => {
    const withClick = proposal((steps) => {
      steps.splice(3, 0, step('Accept the cookies', { kind: 'click', target: button('Accept') }));
    });
    expect(compareHealing(ORIGINAL, withClick).ok).toBe(true);

    const withFill = proposal((steps) => {
      steps.splice(3, 0, step('Enter a coupon', { kind: 'fill', target: label('Coupon'), value: 'FREE100' }));
    });
    expect(onlyViolation(compareHealing(ORIGINAL, withFill))).toEqual({
      stepIndex: 3,
      kind: 'step_inserted',
      message:
        'The proposal adds the step "Enter a coupon" (Fill "Coupon" field with "FREE100") before step 4 "Click Checkout": a healing may add clicks, hovers, key presses, scrolls, waits and checks, but no step that enters data, navigates or changes state.',
    });
  });

  it.each<[string, Action]>([
    ['an address to open', { kind: 'goto', url: 'http://127.0.0.1:4100/shop/done' }],
    ['a selection', { kind: 'select', target: label('Size'), value: 'XL' }],
    ['a ticked box', { kind: 'check', target: label('Gift') }],
    ['a module call', { kind: 'module', moduleId: 'm-2', name: 'Pay' }],
  ])('refuses %s added after the last step', (_name, action) => {
    const healed = proposal((steps) => steps.push(step('Extra', action)));
    expect(onlyViolation(compareHealing(ORIGINAL, healed))).toMatchObject({
      stepIndex: ORIGINAL.length,
      kind: 'step_inserted',
      message: expect.stringContaining('after the last step') as string,
    });
  });

  it('reports steps done in another order', () => {
    const healed = proposal((steps) => {
      const [email] = steps.splice(1, 1);
      steps.splice(2, 0, email);
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(onlyViolation(result)).toMatchObject({ kind: 'order_changed' });
    expect(result.violations[0].message).toMatch(
      /^Step [23] ".+" was moved: the proposal does it as step [23], out of its original order\.$/,
    );
    expect(result.matches).toHaveLength(ORIGINAL.length);
  });

  it('reports a check moved after a later action as out of order', () => {
    const original = [
      check('Verify the form is empty', { type: 'value', target: label('Email'), value: '' }),
      step('Fill the email', { kind: 'fill', target: label('Email'), value: 'ann@example.com' }),
    ];
    const result = compareHealing(original, [original[1], original[0]]);
    const moved = onlyViolation(result);
    expect(moved.kind).toBe('order_changed');
    // Either step may be the one reported as moved; a moved check is not counted as kept.
    expect(result.checksKept).toBe(moved.stepIndex === 0 ? 0 : 1);
  });

  it('pairs a check with its intact copy rather than with a weakened one beside it', () => {
    const original = [check('Verify the banner shows', { type: 'visible', target: css('.banner') })];
    const healed = [
      check('Verify the banner shows', { type: 'visible', target: css('body') }),
      check('Verify the banner shows', { type: 'visible', target: css('.promo-banner') }),
    ];
    expect(compareHealing(original, healed)).toMatchObject({
      ok: true,
      checksKept: 1,
      matches: [{ originalIndex: 0, healedIndex: 1, retargeted: true }],
    });
  });

  it('reports a module call replaced by another module', () => {
    const original = [step('Sign in', { kind: 'module', moduleId: 'm-1', name: 'Sign in as admin' })];
    const healed = [step('Sign in', { kind: 'module', moduleId: 'm-9', name: 'Sign in as guest' })];
    expect(onlyViolation(compareHealing(original, healed))).toEqual({
      stepIndex: 0,
      kind: 'action_changed',
      message:
        'Step 1 "Sign in" was changed: it used the "Sign in as admin" module, the proposal uses the "Sign in as guest" module.',
    });
  });

  it('reports a changed wait, since a healing may add waits but keeps the original values', () => {
    const original = [step('Wait for the animation', { kind: 'wait', ms: 1000 })];
    const healed = [step('Wait for the animation', { kind: 'wait', ms: 0 })];
    expect(onlyViolation(compareHealing(original, healed))).toMatchObject({ kind: 'action_changed' });
  });

  it('lists every violation of a proposal, in the order of the original steps', () => {
    const healed = proposal((steps) => {
      steps.splice(10, 1);
      (assertOf(steps, 7) as { match: string }).match = 'contains';
      steps.splice(1, 1);
    });
    const result = compareHealing(ORIGINAL, healed);
    expect(result.violations.map((v) => [v.stepIndex, v.kind])).toEqual([
      [1, 'action_removed'],
      [7, 'check_weakened'],
      [10, 'check_removed'],
    ]);
    expect(result.checksKept).toBe(CHECKS - 2);
  });
});
