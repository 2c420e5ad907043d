import { type Action, isAction } from './actions';
import { actionCode } from './codegen';
import { widgetPage } from '../../test/widgetPage';

jest.setTimeout(60_000);

// Issue 29: a select built from a button and a listbox in a portal (as MUI's Select renders it), and an
// autocomplete (a text field filtering a listbox). Neither is a <select>: selectOption cannot drive them.
const PAGE = `<!doctype html><title>Widgets</title>
<label id="status-label">Status</label>
<div id="status" role="combobox" tabindex="0" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="status-label">Pending</div>
<label for="customer">Customer</label>
<input id="customer" role="combobox" aria-autocomplete="list" aria-expanded="false">
<p id="chosen"></p>
<script>
  const status = document.getElementById('status');
  const customer = document.getElementById('customer');
  let portal = null;
  const close = () => { portal?.remove(); portal = null; status.setAttribute('aria-expanded', 'false'); };
  const open = (options, pick, field) => {
    close();
    // As WAI-ARIA's combobox does, the field says its list is open, a frame after the click (as Ant Design's).
    requestAnimationFrame(() => field.setAttribute('aria-expanded', 'true'));
    portal = document.createElement('ul');
    portal.setAttribute('role', 'listbox');
    for (const text of options) {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      li.textContent = text;
      li.onclick = () => { pick(text); close(); };
      portal.append(li);
    }
    document.body.append(portal);
  };
  status.onclick = () => open(['Pending', 'Shipped', 'Shipped later'], (text) => (status.textContent = text), status);
  customer.oninput = () =>
    open(['Ada Lovelace', 'Grace Hopper'].filter((name) => name.toLowerCase().includes(customer.value.toLowerCase())),
      (text) => { customer.value = text; document.getElementById('chosen').textContent = 'Chosen: ' + text; }, customer);
</script>`;

// Buttons as a component library renders them: words upper-cased by CSS, an icon button whose classes
// are the library's own.
const STYLED = `<!doctype html><title>Styled</title>
<button class="MuiButton-root MuiButton-contained css-1hw9j7s" style="text-transform: uppercase">New order</button>
<button class="MuiButtonBase-root MuiIconButton-root MuiIconButton-colorInherit MuiIconButton-sizeMedium css-1yxmbwk" aria-label="account of current user" aria-haspopup="true"><svg class="MuiSvgIcon-root MuiSvgIcon-fontSizeMedium css-i4bv87" viewBox="0 0 24 24"><path d="M12 2z"></path></svg></button>
<div class="MuiDrawer-paper" style="position: fixed; left: 0; top: 80px; width: 160px"><a href="#orders">Orders</a></div>
<div role="dialog" aria-label="Cancel order #1004?" style="margin-left: 300px"><button>Keep order</button></div>`;

// Tabs: selected (aria-selected), never checked.
const TABS = `<!doctype html><title>Tabs</title>
<div role="tablist"><button role="tab" aria-selected="true">All</button><button role="tab" aria-selected="false">Pending</button></div>
<script>
  for (const tab of document.querySelectorAll('[role=tab]'))
    tab.onclick = () => document.querySelectorAll('[role=tab]').forEach((other) => other.setAttribute('aria-selected', String(other === tab)));
</script>`;

// Selects as Ant Design renders them: a read-only input (or, searchable, an empty one) whose choice or
// placeholder shows beside it; the options open in a portal (a moment later) as plain elements, while the role=option
// ones sit in a zero-size list for screen readers. A form label beside its input, not tied to it.
const INPUT_SELECTS = `<!doctype html><title>Input selects</title>
<div class="select" id="department"><span class="shown">All departments</span><input readonly role="combobox" aria-haspopup="listbox" aria-expanded="false"></div>
<div class="select" id="size"><span class="shown">5 / page</span><input aria-label="Page Size" role="combobox" aria-haspopup="listbox" aria-expanded="false"></div>
<p>Design</p>
<div class="row"><label>New hire's email</label><div><input id="hire"></div></div>
<script>
  let portal = null;
  for (const select of document.querySelectorAll('.select')) {
    const input = select.querySelector('input');
    const options = select.id === 'size' ? ['5 / page', '10 / page'] : ['Engineering', 'Design'];
    // The department's listbox is drawn a moment after the click, below a paragraph saying "Design".
    input.onclick = () => setTimeout(() => {
      portal?.remove();
      portal = document.createElement('div');
      const aria = document.createElement('div');
      aria.setAttribute('role', 'listbox');
      aria.style.cssText = 'width: 0; height: 0; overflow: hidden';
      for (const text of options) {
        const hidden = document.createElement('div');
        hidden.setAttribute('role', 'option');
        hidden.textContent = text;
        aria.append(hidden);
        const shown = document.createElement('div');
        shown.textContent = text;
        shown.onclick = () => { select.querySelector('.shown').textContent = text; portal.remove(); };
        portal.append(shown);
      }
      portal.prepend(aria);
      document.body.append(portal);
    }, select.id === 'size' ? 0 : 150);
    // Typing filters by number only: "10 / page" finds nothing.
    input.oninput = () => portal?.remove();
  }
</script>`;

// A date field whose calendar opens over the page on focus and shows the day under the pointer in the
// field until one is chosen (as Ant Design's DatePicker does).
const DATE_FIELD = `<!doctype html><title>Dates</title>
<button id="top" style="position: absolute; left: 20px; top: 20px; width: 200px; height: 40px">Top</button>
<label for="day" style="position: absolute; left: 20px; top: 300px">Last day</label>
<input id="day" style="position: absolute; left: 120px; top: 300px">
<script>
  const day = document.getElementById('day');
  let typed = '';
  let hovered = false;
  day.oninput = () => (typed = day.value.replace('2027-01-08', ''));
  day.onfocus = () => {
    const calendar = document.createElement('div');
    calendar.style.cssText = 'position: absolute; left: 0; top: 0; width: 400px; height: 280px; background: white';
    calendar.onmouseover = () => (hovered = true);
    calendar.onmouseleave = () => (hovered = false);
    document.body.append(calendar);
    // Drawn every frame, as a controlled input is: the hovered day, else what was typed.
    const draw = () => {
      day.value = hovered ? '2027-01-08' : typed;
      requestAnimationFrame(draw);
    };
    draw();
  };
</script>`;

describe('selects on listbox widgets', () => {
  const widgets = widgetPage({
    '/': PAGE,
    '/styled': STYLED,
    '/tabs': TABS,
    '/inputs': INPUT_SELECTS,
    '/dates': DATE_FIELD,
  });

  it('fails at once naming the options an open listbox offers when none is the value', async () => {
    const action = await widgets.firstAction('Choose "Cancelled" in the Status dropdown');
    const result = await widgets.session.execute(action);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toBe(
      'The "Status" list has no option "Cancelled". The closest are: "Pending", "Shipped", "Shipped later".',
    );
    // Words shared with the value come first.
    const later = await widgets.session.execute({ ...action, value: 'Later' } as Action);
    expect(later.error?.message).toContain('The closest are: "Shipped later", "Pending", "Shipped".');
  });

  it('opens the listbox, then clicks the option by its exact name, and writes the same two lines', async () => {
    const action = await widgets.firstAction('Choose "Shipped" in the Status dropdown');
    expect(action).toMatchObject({ kind: 'select', value: 'Shipped', widget: 'listbox' });
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect(isAction({ ...action, widget: 'slider' })).toBe(false);
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect(isAction({ ...action, expands: 'yes' })).toBe(false);
    expect(
      await widgets.session.probe.selectedLabels((action as Extract<Action, { kind: 'select' }>).target),
    ).toEqual([['Shipped', 'Shipped']]);
    // The option is clicked once the field says its list is open (a list drawn a frame later is raced).
    expect(action).toMatchObject({ expands: true });
    expect(actionCode(action, 'typescript')).toBe(
      [
        "await page.getByRole('combobox', { name: 'Status', exact: true }).click();",
        "await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveAttribute('aria-expanded', 'true');",
        "await expect(page.getByText('Shipped', { exact: true }).nth(-1)).toBeVisible();",
        "await page.getByText('Shipped', { exact: true }).filter({ visible: true }).nth(-1).click();",
      ].join('\n'),
    );
    expect(actionCode(action, 'python')).toContain(
      'expect(page.get_by_role("combobox", name="Status", exact=True)).to_have_attribute("aria-expanded", "true")\n',
    );
  });

  it('writes no wait for a field that never says its list opened, as the run does not wait for it', async () => {
    const action = await widgets.firstAction('Choose "Shipped" in the Status dropdown');
    // aria-expanded stays "false" while the list is open (a hand-made widget): the export would wait forever.
    await widgets.session.page.evaluate(() => {
      const status = document.getElementById('status')!;
      new MutationObserver(() => {
        if (status.getAttribute('aria-expanded') !== 'false') status.setAttribute('aria-expanded', 'false');
      }).observe(status, { attributes: true });
    });
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(action).not.toHaveProperty('expands');
    expect(actionCode(action, 'typescript')).not.toContain('aria-expanded');
  });

  it('checks what a listbox select shows by its text: it has no value to read', async () => {
    expect(
      (await widgets.session.execute(await widgets.firstAction('Choose "Shipped" in the Status dropdown')))
        .ok,
    ).toBe(true);
    for (const sentence of [
      'Verify the Status dropdown shows "Shipped"',
      'Verify the Status field has the value "Shipped"',
    ]) {
      const check = await widgets.firstAction(sentence);
      expect(actionCode(check, 'typescript')).toBe(
        "await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toContainText('Shipped');",
      );
      expect((await widgets.session.execute(check)).ok).toBe(true);
    }
  });

  it('checks that a tab is selected by aria-selected, in the runner and in both exports', async () => {
    expect((await widgets.session.execute({ kind: 'goto', url: `${widgets.url}tabs` })).ok).toBe(true);
    expect((await widgets.session.execute(await widgets.firstAction('Click the Pending tab'))).ok).toBe(true);
    const selected = await widgets.firstAction('Verify the Pending tab is selected');
    expect(selected).toMatchObject({
      kind: 'expect',
      assert: { type: 'checked', checked: true, selected: true },
    });
    expect(isAction(JSON.parse(JSON.stringify(selected)))).toBe(true);
    expect((await widgets.session.execute(selected)).ok).toBe(true);
    const notSelected = await widgets.firstAction('Verify the All tab is not selected');
    expect((await widgets.session.execute(notSelected)).ok).toBe(true);
    expect(actionCode(notSelected, 'typescript')).toBe(
      "await expect(page.getByRole('tab', { name: 'All', exact: true })).not.toHaveAttribute('aria-selected', 'true');",
    );
    expect(actionCode(selected, 'python')).toBe(
      'expect(page.get_by_role("tab", name="Pending", exact=True)).to_have_attribute("aria-selected", "true")',
    );
    expect(
      (await widgets.session.execute(await widgets.firstAction('Verify the All tab is selected'), 1000)).ok,
    ).toBe(false);
  });

  it('types into an autocomplete, then clicks the option', async () => {
    const action = await widgets.firstAction('Pick "Grace Hopper" in the Customer box');
    expect(action).toMatchObject({ kind: 'select', value: 'Grace Hopper', widget: 'autocomplete' });
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(
      await widgets.session.probe.selectedLabels({ locator: { by: 'css', selector: '#customer' } }),
    ).toEqual([['Grace Hopper', 'Grace Hopper']]);
    expect(await widgets.session.matchCount({ locator: { by: 'text', text: 'Chosen: Grace Hopper' } })).toBe(
      1,
    );
    expect(actionCode(action, 'python')).toBe(
      [
        'page.get_by_role("combobox", name="Customer", exact=True).fill("Grace Hopper")',
        'page.get_by_text("Grace Hopper", exact=True).filter(visible=True).nth(-1).click()',
      ].join('\n'),
    );
  });

  it('reads words as written, not as CSS upper-cases them, and an icon button past its library classes', async () => {
    expect((await widgets.session.execute({ kind: 'goto', url: `${widgets.url}styled` })).ok).toBe(true);
    const [button, icon] = (await widgets.session.snapshot()).candidates.filter(
      (item) => item.role === 'button',
    );
    expect([button.name, button.text]).toEqual(['New order', 'New order']);
    expect(await widgets.session.locatorsFor(button.index, { first: true })).toEqual([
      { locator: { by: 'role', role: 'button', name: 'New order', exact: true } },
    ]);
    expect(icon.iconHint).toBe('haspopup');
    // The regions a place clause is checked on: a side drawer on the left, a dialog by its name.
    const { candidates } = await widgets.session.snapshot();
    expect(candidates.find((item) => item.name === 'Orders')?.region).toBe('sidebar left');
    expect(candidates.find((item) => item.name === 'Keep order')?.region).toBe('dialog Cancel order #1004?');
    expect(button.region).toBeNull();
  });

  it('opens a select built from an input by a click, by the words shown beside it, and reads its choice there', async () => {
    expect((await widgets.session.execute({ kind: 'goto', url: `${widgets.url}inputs` })).ok).toBe(true);
    const department = await widgets.firstAction('Pick "Design" in the All departments dropdown');
    expect(department).toMatchObject({ kind: 'select', value: 'Design', widget: 'listbox' });
    expect((await widgets.session.execute(department)).ok).toBe(true);
    const target = (department as Extract<Action, { kind: 'select' }>).target;
    expect(await widgets.session.probe.selectedLabels(target)).toEqual([['Design', 'Design']]);
    // Searchable, and typing "10 / page" would filter every option away: a click, then the option.
    const size = await widgets.firstAction('Select "10 / page" from the "5 / page" dropdown');
    expect(size).toMatchObject({ kind: 'select', value: '10 / page', widget: 'listbox' });
    expect((await widgets.session.execute(size)).ok).toBe(true);
    expect(actionCode(size, 'typescript')).toBe(
      [
        "await page.getByRole('combobox', { name: 'Page Size', exact: true }).click();",
        "await page.getByText('10 / page', { exact: true }).filter({ visible: true }).nth(-1).click();",
      ].join('\n'),
    );
    expect(
      await widgets.session.matchCount({ locator: { by: 'text', text: '10 / page', exact: true } }),
    ).toBe(1);
  });

  it('fills a field by the label beside it that is not tied to it', async () => {
    expect((await widgets.session.execute({ kind: 'goto', url: `${widgets.url}inputs` })).ok).toBe(true);
    const action = await widgets.firstAction('Type "new@example.com" into "New hire\'s email"');
    expect(action).toMatchObject({ kind: 'fill', value: 'new@example.com' });
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(await widgets.session.probe.inputValue({ locator: { by: 'css', selector: '#hire' } })).toBe(
      'new@example.com',
    );
  });

  it('fills a date field and leaves the pointer on it, not over the calendar that shows the day under it', async () => {
    expect((await widgets.session.execute({ kind: 'goto', url: `${widgets.url}dates` })).ok).toBe(true);
    expect((await widgets.session.execute(await widgets.firstAction('Click Top'))).ok).toBe(true);
    const action = await widgets.firstAction('Set Last day to 2026-12-23');
    expect((await widgets.session.execute(action)).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await widgets.session.probe.inputValue({ locator: { by: 'css', selector: '#day' } })).toBe(
      '2026-12-23',
    );
  });

  it('fails when the listbox has no such option, rather than choosing another', async () => {
    const action = await widgets.firstAction('Choose "Delivered" in the Status dropdown');
    expect((await widgets.session.execute(action, 1000)).ok).toBe(false);
  });
});
