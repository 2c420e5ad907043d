import { compareHealing } from '../src/agents/healer/assertions';
import { type HealInput, type HealOutcome } from '../src/agents/healer/healer';
import { type Target, actionCode } from '../src/runner';
import { byLabel, byRole, FAILING_STEP_TIMEOUT_MS, healedSteps, useHealerFixture } from './healerSetup';

// The healer in real Chromium on the fixture sites: drift variants (v2) are healed with every check
// kept, bug variants are reported and never healed, and a test that passes as stored is flaky.

const fixture = useHealerFixture(['login', 'shop', 'orders']);
const { heal, inSession, replayed } = fixture;

type Step = HealInput['steps'][number];

/** Signs in as Ada and checks the dashboard, as the generator stores such a test. */
function loginTest(url: string): Step[] {
  return [
    { description: `Open ${url}`, action: { kind: 'goto', url } },
    {
      description: 'Enter "ada@example.com" in the Email field',
      action: { kind: 'fill', target: byLabel('Email'), value: 'ada@example.com' },
    },
    {
      description: 'Enter "correct-horse-battery" in the Password field',
      action: { kind: 'fill', target: byLabel('Password'), value: 'correct-horse-battery' },
    },
    { description: 'Check "Remember me"', action: { kind: 'check', target: byLabel('Remember me') } },
    {
      description: 'Click the "Sign in" button',
      action: { kind: 'click', target: byRole('button', 'Sign in') },
    },
    {
      description: 'Verify the URL contains "dashboard.html"',
      action: { kind: 'expect', assert: { type: 'url', value: 'dashboard.html', match: 'contains' } },
    },
    {
      description: 'Verify the page shows "Welcome, Ada Lovelace"',
      action: {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Welcome, Ada Lovelace' } } },
      },
    },
    {
      description: 'Verify the "Sign out" button is visible',
      action: { kind: 'expect', assert: { type: 'visible', target: byRole('button', 'Sign out') } },
    },
  ];
}

/** Searches the shop, adds the mug, checks the cart's total and removes the mug again. */
function shopTest(url: string): Step[] {
  return [
    { description: `Open ${url}`, action: { kind: 'goto', url } },
    {
      description: 'Fill "Search products" with "mug"',
      action: { kind: 'fill', target: byLabel('Search products'), value: 'mug' },
    },
    {
      description: 'Click the "Search" button',
      action: { kind: 'click', target: byRole('button', 'Search') },
    },
    {
      description: 'Verify the page shows "1 product"',
      action: {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: '1 product' } } },
      },
    },
    {
      description: 'Click the add button for "Stoneware mug"',
      action: { kind: 'click', target: byRole('button', 'Add to cart: Stoneware mug') },
    },
    { description: `Open ${url}cart.html`, action: { kind: 'goto', url: `${url}cart.html` } },
    {
      description: 'Verify the total is "$19.50"',
      action: {
        kind: 'expect',
        assert: { type: 'text', target: { locator: { by: 'testId', testId: 'total' } }, value: '$19.50' },
      },
    },
    {
      description: 'Remove "Stoneware mug"',
      action: { kind: 'click', target: byRole('button', 'Remove Stoneware mug') },
    },
    {
      description: 'Verify the page does not show "Stoneware mug"',
      action: {
        kind: 'expect',
        assert: {
          type: 'visible',
          target: { locator: { by: 'text', text: 'Stoneware mug' } },
          negate: true,
        },
      },
    },
  ];
}

/** Every step kept byte for byte, and every check's expectation equal to the original's (only its target may differ). */
function expectKeptAndChecksSacred(outcome: HealOutcome): void {
  for (const step of outcome.steps) {
    if (!step.changed && step.action) expect(JSON.stringify(step.action)).toBe(JSON.stringify(step.original));
    if (step.original.kind === 'expect' && step.action) {
      expect(step.action.kind).toBe('expect');
      const { target: _healedTarget, ...healed } = {
        target: null,
        ...(step.action as typeof step.original).assert,
      };
      const { target: _originalTarget, ...original } = { target: null, ...step.original.assert };
      expect(JSON.stringify(healed)).toBe(JSON.stringify(original));
    }
  }
}

const changedIndexes = (outcome: HealOutcome) =>
  outcome.steps.flatMap((step, index) => (step.changed ? [index] : []));

it('heals the login test on v2: the renamed button and field and the moved check, every check kept', async () => {
  const steps = loginTest(fixture.sites.url('login'));
  const started = Date.now();
  const passing = await replayed(steps);
  const oneRunMs = Date.now() - started;
  expect(passing.state).toBe('passed');

  fixture.sites.setVariant('login', 'v2');
  const failingStarted = Date.now();
  const failing = await replayed(steps, FAILING_STEP_TIMEOUT_MS);
  const failingRunMs = Date.now() - failingStarted;
  expect(failing.state).toBe('failed');
  expect(failing.stepIndex).toBe(1);

  const healing = Date.now();
  const outcome = await heal('login', steps, failing.stepIndex);
  const healingMs = Date.now() - healing;
  console.info(
    `healing the login test: ${healingMs} ms; one run of it: ${oneRunMs} ms passing, ${failingRunMs} ms failing on v2`,
  );

  expect(outcome.status).toBe('passed');
  expect(outcome.steps).toHaveLength(steps.length);
  expect(changedIndexes(outcome)).toEqual([1, 4, 7]);
  const [email, signIn, signOut] = [1, 4, 7].map((index) => outcome.steps[index]);
  expect(email.action).toEqual({
    kind: 'fill',
    target: byRole('textbox', 'Work email'),
    value: 'ada@example.com',
  });
  expect(email.note).toBe('The "Email" field is now labelled "Work email".');
  expect(signIn.action).toEqual({ kind: 'click', target: byRole('button', 'Log in') });
  expect(signIn.note).toBe('The "Sign in" button is now called "Log in".');
  expect(signOut.action).toEqual({
    kind: 'expect',
    assert: { type: 'visible', target: byRole('button', 'Log out') },
  });
  for (const step of outcome.steps) {
    expect(step.ok).toBe(true);
    expect(Buffer.isBuffer(step.screenshot)).toBe(step.changed);
  }
  expectKeptAndChecksSacred(outcome);
  // The unchanged steps are the very actions stored, and the healed test passes afresh on v2.
  expect(outcome.steps[6].action).toBe(steps[6].action);
  expect((await replayed(healedSteps(outcome))).state).toBe('passed');
});

it('heals the shop search and cart test on v2 and keeps its checks', async () => {
  const steps = shopTest(fixture.sites.url('shop'));
  fixture.sites.setVariant('shop', 'v2');
  expect((await replayed(steps, FAILING_STEP_TIMEOUT_MS)).state).toBe('failed');

  const outcome = await heal('shop', steps);

  expect(outcome.status).toBe('passed');
  expect(changedIndexes(outcome)).toEqual([1, 2, 4, 7]);
  expect(outcome.steps[1].action).toEqual({
    kind: 'fill',
    target: byRole('searchbox', 'Find products'),
    value: 'mug',
  });
  expect(outcome.steps[1].note).toBe('The "Search products" field is now labelled "Find products".');
  expect(outcome.steps[7].note).toBe(
    'The "Remove Stoneware mug" button is now called "Delete Stoneware mug".',
  );
  expect(outcome.steps[2].action).toEqual({ kind: 'click', target: byRole('button', 'Find') });
  // The mug's own add button, found in the item of the mug as the step's words say.
  expect(outcome.steps[4].action).toMatchObject({
    kind: 'click',
    target: { ...byRole('button', 'Add to basket: Stoneware mug'), withinText: 'Stoneware mug' },
  });
  expect(outcome.steps[7].action).toMatchObject({
    kind: 'click',
    target: { ...byRole('button', 'Delete Stoneware mug'), withinText: 'Stoneware mug' },
  });
  for (const index of [3, 6, 8]) expect(outcome.steps[index].changed).toBe(false);
  expectKeptAndChecksSacred(outcome);
  expect((await replayed(healedSteps(outcome))).state).toBe('passed');
});

it('proposes nothing when the login test passes as stored: flaky', async () => {
  const steps = loginTest(fixture.sites.url('login'));
  const reported: number[] = [];
  const outcome = await heal('login', steps, null, {
    onStep: async (step, index) => {
      expect(step.description).toBe(steps[index].description);
      reported.push(index);
    },
  });

  expect(reported).toEqual(steps.map((_step, index) => index));
  expect(outcome.status).toBe('flaky');
  expect(outcome.message).toMatch(/did not happen again/);
  expect(outcome.steps).toHaveLength(steps.length);
  expect(changedIndexes(outcome)).toEqual([]);
  outcome.steps.forEach((step, index) => expect(step.action).toBe(steps[index].action));
});

it('reports a wrong cart total as the application changing, and heals nothing (shop bug-total)', async () => {
  const steps = shopTest(fixture.sites.url('shop'));
  fixture.sites.setVariant('shop', 'bug-total');

  const outcome = await heal('shop', steps, null, {}, FAILING_STEP_TIMEOUT_MS);

  expect(outcome.status).toBe('unchanged');
  expect(outcome.message).toContain(
    "The application seems to have changed behaviour: expected '$19.50', the page shows '$24.50'",
  );
  expect(changedIndexes(outcome)).toEqual([]);
  const total = outcome.steps.at(-1)!;
  expect(total.original).toBe(steps[6].action);
  expect(total.ok).toBe(false);
  expect(total.action).toBeNull();
  expect(Buffer.isBuffer(total.screenshot)).toBe(true);
  expect(outcome.steps).toHaveLength(7);
});

it('never heals a Sign in button that does nothing (login bug-signin)', async () => {
  const steps = loginTest(fixture.sites.url('login'));
  fixture.sites.setVariant('login', 'bug-signin');

  const outcome = await heal('login', steps, null, {}, FAILING_STEP_TIMEOUT_MS);

  expect(outcome.status).toBe('unchanged');
  expect(outcome.message).toContain(
    `The application seems to have changed behaviour: expected 'dashboard.html', the page shows '${fixture.sites.url('login')}'`,
  );
  expect(changedIndexes(outcome)).toEqual([]);
  expect(outcome.steps).toHaveLength(6);
  expect(outcome.steps[5].ok).toBe(false);
});

it('fails, naming what it saw, when the words match two elements equally well', async () => {
  const url = fixture.sites.url('shop');
  const steps: Step[] = [
    { description: `Open ${url}`, action: { kind: 'goto', url } },
    {
      description: 'Click "Add to cart"',
      action: { kind: 'click', target: byRole('button', 'Add to cart') },
    },
  ];

  const outcome = await heal('shop', steps);

  expect(outcome.status).toBe('failed');
  expect(outcome.message).toContain('The "Add to cart" button is no longer on the page');
  expect(outcome.message).toContain('More than one element matches "Add to cart" equally well');
  expect(outcome.message).toContain('button "Add to cart: Brass desk lamp"');
  expect(outcome.steps[1]).toMatchObject({ ok: false, changed: false, action: null });
});

it('moves a check whose element is gone and keeps its expectation, never onto the expected text itself', async () => {
  const url = fixture.sites.url('shop');
  const total = (description: string, testId: string): Step => ({
    description,
    action: {
      kind: 'expect',
      assert: { type: 'text', target: { locator: { by: 'testId', testId } }, value: '$19.50' },
    },
  });
  const [, , , , addMug, openCart] = shopTest(url);
  const steps: Step[] = [
    { description: `Open ${url}?q=mug`, action: { kind: 'goto', url: `${url}?q=mug` } },
    addMug,
    openCart,
    total('Verify the total is "$19.50"', 'order-total'),
    total('Verify the grand sum is "$19.50"', 'grand-sum'),
  ];

  const outcome = await heal('shop', steps, null, {}, FAILING_STEP_TIMEOUT_MS);

  // The total's test id changed: the check reads the total again, with the same expectation.
  expect(outcome.steps[3]).toMatchObject({ ok: true, changed: true });
  expect(outcome.steps[3].action).toEqual({
    kind: 'expect',
    assert: { type: 'text', target: { locator: { by: 'testId', testId: 'total' } }, value: '$19.50' },
  });
  // Words that name nothing must not turn the check into 'the page shows "$19.50"'.
  expect(outcome.status).toBe('failed');
  expect(outcome.steps).toHaveLength(5);
  expect(outcome.steps[4]).toMatchObject({ ok: false, action: null });
  expect(outcome.message).toContain('the expected text itself');
  expectKeptAndChecksSacred(outcome);
});

/** The orders test as the generator stored it (icon-only buttons found by their class inside a row). */
function ordersTest(url: string): Step[] {
  const shows = (text: string): Step => ({
    description: `Verify the page shows "${text}"`,
    action: { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text } } } },
  });
  return [
    { description: `Open ${url}`, action: { kind: 'goto', url } },
    {
      description: 'Click the pencil icon in the second row',
      action: {
        kind: 'click',
        target: {
          within: { by: 'role', role: 'row' },
          withinHas: { by: 'role', role: 'cell' },
          withinNth: 1,
          locator: { by: 'css', selector: 'button.icon-pencil' },
        },
      },
    },
    {
      description: 'Choose "Cancelled" from the Status list',
      action: { kind: 'select', target: byRole('combobox', 'Status'), value: 'Cancelled' },
    },
    { description: 'Click Save', action: { kind: 'click', target: byRole('button', 'Save') } },
    shows('Order #1002 updated.'),
    {
      description: 'Click the delete button of "Grace Hopper"',
      action: {
        kind: 'click',
        target: {
          within: { by: 'role', role: 'row' },
          withinText: 'Grace Hopper',
          locator: { by: 'css', selector: 'button.icon-trash' },
        },
      },
    },
    shows('Order #1002 deleted.'),
    {
      description: 'Verify "Grace Hopper" is not visible',
      action: {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Grace Hopper' } }, negate: true },
      },
    },
    shows('11 orders'),
  ];
}

it('heals row actions whose icons and column moved and a renamed button (orders v2), every check kept', async () => {
  const steps = ordersTest(fixture.sites.url('orders'));
  expect((await replayed(steps)).state).toBe('passed');
  fixture.sites.setVariant('orders', 'v2');
  const failing = await replayed(steps, FAILING_STEP_TIMEOUT_MS);
  expect([failing.state, failing.stepIndex]).toEqual(['failed', 1]);

  const outcome = await heal('orders', steps, failing.stepIndex);

  expect(outcome.status).toBe('passed');
  expect(changedIndexes(outcome)).toEqual([1, 3, 5]);
  // Still the second row's edit button and Grace Hopper's delete button, by their new classes.
  expect(outcome.steps[1].action).toMatchObject({
    kind: 'click',
    target: {
      within: { by: 'role', role: 'row' },
      withinNth: 1,
      locator: { by: 'css', selector: 'button.icon-edit' },
    },
  });
  expect(outcome.steps[3].action).toEqual({ kind: 'click', target: byRole('button', 'Save changes') });
  expect(outcome.steps[5].action).toMatchObject({
    kind: 'click',
    target: { withinText: 'Grace Hopper', locator: { by: 'css', selector: 'button.icon-bin' } },
  });
  expectKeptAndChecksSacred(outcome);
  expect((await replayed(healedSteps(outcome))).state).toBe('passed');
});

it('reports the orders bug (delete removes the next order) and heals nothing', async () => {
  const steps = ordersTest(fixture.sites.url('orders'));
  fixture.sites.setVariant('orders', 'bug-delete');
  const failing = await replayed(steps, FAILING_STEP_TIMEOUT_MS);
  expect([failing.state, failing.stepIndex]).toEqual(['failed', 7]);

  const outcome = await heal('orders', steps, failing.stepIndex, {}, FAILING_STEP_TIMEOUT_MS);

  expect(outcome.status).toBe('unchanged');
  expect(outcome.message).toBe(
    `Step 8, "Verify "Grace Hopper" is not visible": The application seems to have changed behaviour: expected 'no "Grace Hopper"', the page shows 'Grace Hopper'. Nothing is healed: this looks like a bug to report.`,
  );
  expect(outcome.steps.every((step) => !step.changed)).toBe(true);
});

describe("a row action moved into the row's menu (orders menu)", () => {
  const moreActions = (row: Partial<Target>): Target => ({
    ...row,
    within: { by: 'role', role: 'row' },
    locator: { by: 'role', role: 'button', name: 'More actions', exact: true },
  });
  const menuItem = (name: string): Target => ({
    locator: { by: 'role', role: 'menuitem', name, exact: true },
  });

  it('opens the row\'s "More actions" menu in the same step and chooses the item its words name, every check kept', async () => {
    const steps = ordersTest(fixture.sites.url('orders'));
    fixture.sites.setVariant('orders', 'menu');
    const failing = await replayed(steps, FAILING_STEP_TIMEOUT_MS);
    expect([failing.state, failing.stepIndex]).toEqual(['failed', 1]);

    const outcome = await heal('orders', steps, failing.stepIndex);

    expect(outcome.status).toBe('passed');
    // The same steps, none added: each moved click now opens its row's menu first.
    expect(outcome.steps).toHaveLength(steps.length);
    expect(changedIndexes(outcome)).toEqual([1, 5]);
    expect(outcome.steps[1].action).toEqual({
      kind: 'click',
      opener: moreActions({ withinHas: { by: 'role', role: 'cell' }, withinNth: 1 }),
      target: menuItem('Edit'),
    });
    expect(outcome.steps[5].action).toEqual({
      kind: 'click',
      opener: moreActions({ withinText: 'Grace Hopper' }),
      target: menuItem('Delete'),
    });
    expect(outcome.steps[1].note).toBe(`"Edit" moved into the row's "More actions" menu.`);
    expect(outcome.steps[5].note).toBe(`"Delete" moved into the row's "More actions" menu.`);
    expectKeptAndChecksSacred(outcome);
    expect(compareHealing(steps, healedSteps(outcome))).toMatchObject({ ok: true, checksKept: 4 });
    expect(actionCode(outcome.steps[5].action!, 'typescript').split('\n')).toEqual([
      "await page.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByRole('button', { name: 'More actions', exact: true }).click();",
      "await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();",
    ]);
    expect(actionCode(outcome.steps[5].action!, 'python').split('\n')).toEqual([
      'page.get_by_role("row").filter(has_text="Grace Hopper").get_by_role("button", name="More actions", exact=True).click()',
      'page.get_by_role("menuitem", name="Delete", exact=True).click()',
    ]);
    expect((await replayed(healedSteps(outcome))).state).toBe('passed');
    // Healed once, kept after: a menu's item is looked for only once its opener is there.
    expect((await heal('orders', healedSteps(outcome))).status).toBe('flaky');
  }, 120_000);

  it("fails, saying what the menu shows, when no item is named by the step's words (it never picks one by position)", async () => {
    const url = fixture.sites.url('orders');
    const steps: Step[] = [
      { description: `Open ${url}`, action: { kind: 'goto', url } },
      {
        description: 'Click the print button of "Grace Hopper"',
        action: {
          kind: 'click',
          target: {
            within: { by: 'role', role: 'row' },
            withinText: 'Grace Hopper',
            locator: { by: 'css', selector: 'button.icon-print' },
          },
        },
      },
    ];
    fixture.sites.setVariant('orders', 'menu');

    const outcome = await heal('orders', steps, 1);

    expect(outcome.status).toBe('failed');
    expect(outcome.steps[1]).toMatchObject({ ok: false, action: null, changed: false });
    expect(outcome.message).toContain(
      `No menu near it holds an item its words name: the row's "More actions" menu shows "Edit", "Delete".`,
    );
  }, 120_000);

  it('never heals a Delete item that does nothing but close its menu (orders bug-menu)', async () => {
    const steps = ordersTest(fixture.sites.url('orders'));
    fixture.sites.setVariant('orders', 'bug-menu');

    const outcome = await heal('orders', steps, 1, {}, FAILING_STEP_TIMEOUT_MS);

    expect(outcome.status).not.toBe('passed');
    expect(outcome.steps[1].changed).toBe(true);
    expect(outcome.steps[5]).toMatchObject({ ok: false, action: null });
    expect(outcome.message).toContain(
      `"Delete" in the row's "More actions" menu does not work instead: nothing changed on the page outside the menu after choosing it.`,
    );
  }, 120_000);
});

describe('a settled page (the healer tells a gone element from a late one)', () => {
  it('waits for a request still out and the document it changes, then says it settled', async () => {
    await inSession(async (session) => {
      await session.page.route('**/late-greeting', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.fulfill({ body: 'Hello from the server' });
      });
      await session.page.goto(fixture.sites.url('login'));
      await session.page.evaluate(() => {
        void fetch('late-greeting')
          .then((response) => response.text())
          .then((text) => {
            const paragraph = document.createElement('p');
            paragraph.textContent = text;
            document.body.append(paragraph);
          });
      });
      const target: Target = { locator: { by: 'text', text: 'Hello from the server', exact: true } };
      expect(await session.matchCount(target)).toBe(0);
      expect(await session.settle(150, 5000)).toBe(true);
      expect(await session.matchCount(target)).toBe(1);
    });
  });

  it('gives up at its limit on a page that never stops changing', async () => {
    await inSession(async (session) => {
      await session.page.goto(fixture.sites.url('login'));
      await session.page.evaluate(() => {
        let ticks = 0;
        setInterval(() => (document.title = `tick ${++ticks}`), 40);
      });
      expect(await session.settle(150, 600)).toBe(false);
    });
  });
});

it("goes on where a setup module left the page, as a run does (issue 28): the test's opening step keeps it", async () => {
  fixture.sites.setVariant('todo', 'memory');
  try {
    const todo = fixture.sites.url('todo');
    const newTodo = byLabel('New todo');
    const steps: Step[] = [
      { description: 'Module "Add milk": Open the list', action: { kind: 'goto', url: todo } },
      {
        description: 'Module "Add milk": Type "Buy milk"',
        action: { kind: 'fill', target: newTodo, value: 'Buy milk' },
      },
      {
        description: 'Module "Add milk": Press Enter',
        action: { kind: 'press', target: newTodo, key: 'Enter' },
      },
      // The todos live in the page's memory only: opening the list again would lose the milk.
      { description: `Open ${todo}`, action: { kind: 'goto', url: todo }, continuesSetup: true },
      {
        description: 'Verify the page shows "Buy milk"',
        action: {
          kind: 'expect',
          assert: { type: 'visible', target: { locator: { by: 'text', text: 'Buy milk' } } },
        },
      },
    ];
    const outcome = await heal('todo', steps);
    expect({ status: outcome.status, message: outcome.message }).toMatchObject({ status: 'flaky' });
    expect(changedIndexes(outcome)).toEqual([]);
  } finally {
    fixture.sites.setVariant('todo', null);
  }
});
