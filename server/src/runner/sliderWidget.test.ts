import { type Action, isAction } from './actions';
import { actionCode } from './codegen';
import { widgetPage } from '../../test/widgetPage';

jest.setTimeout(60_000);

// Issue 29: a slider as component libraries draw it (Ant Design's): a handle with role=slider and
// aria-valuenow, moved by its arrow keys, inside a form row whose label points at the widget around
// it (for= a div), so the handle has no name of its own. Steps of 2 from 0 to 10. And as Mantine's docs
// draw one: a paragraph above it says what it sets, while its handle is named otherwise (aria-label).
const PAGE = `<!doctype html><title>Sliders</title>
<div class="row"><label for="volume">Volume level</label>
  <div id="volume" class="slider"><div class="track"></div>
    <div class="handle" role="slider" tabindex="0" aria-valuemin="0" aria-valuemax="10" aria-valuenow="2"></div>
  </div>
</div>
<div><p>Remind patients this many hours before</p>
  <div class="slider"><div class="track">
    <div class="handle" role="slider" aria-label="Hours before the visit" tabindex="0" aria-valuemin="2" aria-valuemax="72" aria-valuenow="24"></div>
    <div><div>12 h</div><div>48 h</div></div>
  </div></div>
  <input type="hidden" value="24">
</div>
<script>
  for (const handle of document.querySelectorAll('.handle')) {
    handle.style.cssText = 'display: inline-block; width: 14px; height: 14px; background: #1677ff';
    handle.onkeydown = (event) => {
      const now = Number(handle.getAttribute('aria-valuenow'));
      const step = event.key === 'ArrowRight' ? 2 : event.key === 'ArrowLeft' ? -2 : 0;
      const [min, max] = ['aria-valuemin', 'aria-valuemax'].map((name) => Number(handle.getAttribute(name)));
      handle.setAttribute('aria-valuenow', String(Math.min(max, Math.max(min, now + step))));
    };
  }
</script>`;

describe('a slider drawn as a handle', () => {
  const widgets = widgetPage({ '/': PAGE });

  const valueNow = (index = 0) =>
    widgets.session.page.locator('[role=slider]').nth(index).getAttribute('aria-valuenow');

  it('finds the handle by the label of its row and moves it with the arrow keys to the value', async () => {
    const action = await widgets.firstAction('Set Volume level to 8');
    expect(action).toMatchObject({ kind: 'fill', value: '8', widget: 'slider' });
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(await valueNow()).toBe('8');
    // And back down.
    expect((await widgets.session.execute({ ...action, value: '4' } as Action)).ok).toBe(true);
    expect(await valueNow()).toBe('4');
  });

  it('finds a handle by the words shown above it, though its name says otherwise', async () => {
    const action = await widgets.firstAction('Set "Remind patients this many hours before" to 48');
    expect(action).toMatchObject({ kind: 'fill', value: '48', widget: 'slider' });
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect([await valueNow(0), await valueNow(1)]).toEqual(['2', '48']);
    // Its own name still finds it; the words of the other row do not.
    await expect(widgets.firstAction('Set Hours before the visit to 12')).resolves.toMatchObject({
      widget: 'slider',
    });
    await expect(widgets.firstAction('Set "Remind patients this many days before" to 2')).rejects.toThrow();
  });

  it('fails naming where it stopped when the value lies between two steps', async () => {
    const action = await widgets.firstAction('Set Volume level to 5');
    const result = await widgets.session.execute(action);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toMatch(/cannot be set to 5/);
  });

  it('is no option for a value that is no number, such as a date', async () => {
    await expect(widgets.firstAction('Set Volume level to 2026-12-23')).rejects.toThrow();
    await expect(widgets.firstAction('Set Volume level to 40%')).resolves.toMatchObject({ widget: 'slider' });
  });

  it('exports the same keys and a check of the value', async () => {
    const action = await widgets.firstAction('Set Volume level to 6');
    const ts = actionCode(action, 'typescript');
    expect(ts).toContain('await slider.focus();');
    expect(ts).toContain("await slider.press((await now()) < 6 ? 'ArrowRight' : 'ArrowLeft');");
    expect(ts).toContain("await expect(slider).toHaveAttribute('aria-valuenow', '6');");
    const py = actionCode(action, 'python');
    expect(py).toContain('slider.press("ArrowRight" if now < 6 else "ArrowLeft")');
    expect(py).toContain('expect(slider).to_have_attribute("aria-valuenow", "6")');
  });
});
