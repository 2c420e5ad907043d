import { isAction } from './actions';
import { calendarDate, dayName } from './calendar';
import { actionCode } from './codegen';
import { widgetPage } from '../../test/widgetPage';

jest.setTimeout(60_000);

// Issue 29: a date picker as Mantine's DatePickerInput draws it: a button (no typing) tied to its label,
// saying it opens a dialog, whose calendar shows a month with buttons to page months (no names, a
// data-direction) and a button per day named "10 December 2026". It opens at November 2026.
const PAGE = `<!doctype html><title>Calendar</title>
<label for="date">Date *</label>
<button id="date" type="button" aria-haspopup="dialog" aria-expanded="false">Pick a date</button>
<script>
  const months = ['January','February','March','April','May','June','July','August','September','October','November','December'];
  const field = document.getElementById('date');
  let shown = { year: 2026, month: 10 };
  let dialog = null;
  const draw = () => {
    dialog.innerHTML = '';
    const previous = document.createElement('button');
    previous.dataset.direction = 'previous';
    previous.textContent = '‹';
    previous.onclick = () => { shown = shown.month === 0 ? { year: shown.year - 1, month: 11 } : { year: shown.year, month: shown.month - 1 }; draw(); };
    const next = document.createElement('button');
    next.dataset.direction = 'next';
    next.textContent = '›';
    next.onclick = () => { shown = shown.month === 11 ? { year: shown.year + 1, month: 0 } : { year: shown.year, month: shown.month + 1 }; draw(); };
    const title = document.createElement('button');
    title.textContent = months[shown.month] + ' ' + shown.year;
    dialog.append(previous, title, next);
    const days = new Date(shown.year, shown.month + 1, 0).getDate();
    for (let day = 1; day <= days; day++) {
      const button = document.createElement('button');
      button.textContent = String(day);
      button.setAttribute('aria-label', day + ' ' + months[shown.month] + ' ' + shown.year);
      button.onclick = () => {
        field.textContent = shown.year + '-' + String(shown.month + 1).padStart(2, '0') + '-' + String(day).padStart(2, '0');
        dialog.remove();
        field.setAttribute('aria-expanded', 'false');
      };
      dialog.append(button);
    }
  };
  field.onclick = () => {
    dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    field.setAttribute('aria-expanded', 'true');
    draw();
  };
</script>`;

describe('a date picker that opens a calendar', () => {
  const widgets = widgetPage({ '/': PAGE });

  const shown = () => widgets.session.page.locator('#date').innerText();

  it('clicks the day in the calendar, paging to its month, and keeps the day by its name', async () => {
    const action = await widgets.firstAction('Set the Date to 2026-12-10');
    expect(action).toMatchObject({ kind: 'fill', value: '2026-12-10', widget: 'calendar' });
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(await shown()).toBe('2026-12-10');
    expect(action).toMatchObject({ day: '10 December 2026' });
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    // Back in time too, written another way.
    const earlier = await widgets.firstAction('Set the Date to 3 March 2026');
    expect((await widgets.session.execute(earlier)).ok).toBe(true);
    expect(await shown()).toBe('2026-03-03');
  });

  it('is no option for a value that is no date, and fails on a day no month shows', async () => {
    await expect(widgets.firstAction('Set the Date to soon')).rejects.toThrow();
    const result = await widgets.session.execute({
      kind: 'fill',
      target: { locator: { by: 'label', text: 'Date *', exact: true } },
      value: '2031-01-01',
      widget: 'calendar',
    });
    expect(result.ok).toBe(false);
  });

  it('exports the field, the day by its name and the paging of months', async () => {
    const action = await widgets.firstAction('Set the Date to 2026-12-10');
    expect((await widgets.session.execute(action)).ok).toBe(true);
    const ts = actionCode(action, 'typescript');
    expect(ts).toContain("await page.getByLabel('Date *', { exact: true }).click();");
    expect(ts).toContain("calendar.getByRole('button', { name: '10 December 2026', exact: true })");
    expect(ts).toContain('button[data-direction="next"]');
    const py = actionCode(action, 'python');
    expect(py).toContain('page.get_by_label("Date *", exact=True).click()');
    expect(py).toContain('calendar.get_by_role("button", name="10 December 2026", exact=True)');
    expect(py).toContain('calendar.locator(pager).first.click()');
  });

  it('reads dates as people write them, and names a day button in the ways calendars do', () => {
    expect(calendarDate('2026-12-10')).toEqual({ year: 2026, month: 12, day: 10 });
    expect(calendarDate('December 10, 2026')).toEqual({ year: 2026, month: 12, day: 10 });
    expect(calendarDate('10th Dec 2026')).toEqual({ year: 2026, month: 12, day: 10 });
    expect(calendarDate('2026-02-30')).toBeNull();
    expect(calendarDate('next Friday')).toBeNull();
    const name = dayName({ year: 2026, month: 12, day: 1 });
    expect(
      ['1 December 2026', 'Tuesday, December 1, 2026', '2026-12-01'].every((text) => name.test(text)),
    ).toBe(true);
    expect(['11 December 2026', '1 November 2026', '1 December 2027'].some((text) => name.test(text))).toBe(
      false,
    );
  });
});
