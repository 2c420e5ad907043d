import crypto from 'node:crypto';
import {
  type Action,
  type Assertion,
  DRAG_STEPS,
  type LocatorSpec,
  type Target,
  optionTarget,
} from './actions';
import { MONTHS_BACK, MONTHS_FORWARD, pagerSelector } from './calendar';
import { emailHelper, INBOX_VARIABLE, PYTHON_EMAIL_IMPORTS } from './emailCode';
import { popupClickCode, tabCode } from './tabs';
import { SAMPLE_FILES } from './uploads';
import { templateParts } from './values';

// Playwright Test (TypeScript) and pytest-playwright (Python) from the same structured actions the
// runner executes. Parameters become variables read from the environment with the test's value as
// default; secrets are read from the environment only and never written into a script.

export type Language = 'typescript' | 'python';

export interface ScriptStep {
  description: string;
  action: Action;
  /**
   * The test's first step after its setup module, when it opens a page: it opens it only when the page
   * is not already there (issue 28), so what the module did in the page is not thrown away.
   */
  continuesSetup?: boolean;
}

export interface ScriptSpec {
  name: string;
  steps: ScriptStep[];
  /** The test's variables (name → default value). */
  parameters: Record<string, string>;
  /** Names of the secrets the steps use. */
  secretNames: string[];
  viewport?: { width: number; height: number };
  userAgent?: string | null;
  /** The test's data table (issue 33): the test runs once per row, the row's values before the variables'. */
  dataRows?: Record<string, string>[];
}

/** The environment variable a parameter or secret is read from. */
export function envName(prefix: 'PARAM' | 'SECRET', name: string): string {
  const base = name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  // Letters outside ASCII all become '_': a short hash keeps two such names apart.
  const suffix = /^[A-Za-z0-9_]+$/.test(name)
    ? ''
    : `_${crypto.createHash('sha256').update(name).digest('hex').slice(0, 6).toUpperCase()}`;
  return `${prefix}_${base}${suffix}`;
}

// ── Literals ──────────────────────────────────────────────────────────────────────────────────────

export function tsString(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return `'${value.replace(/[\\'\n\r\t\u2028\u2029\0-\x1f\x7f]/g, (char) => {
    switch (char) {
      case '\\':
        return '\\\\';
      case "'":
        return "\\'";
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  })}'`;
}

export function pyString(value: string): string {
  // JSON's escapes (\", \\, \n, \uXXXX) are all valid in a Python string literal.
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}

export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function tsProperty(object: string, key: string): string {
  return IDENTIFIER.test(key) ? `${object}.${key}` : `${object}[${tsString(key)}]`;
}

/** A value expression: literal text, a parameter, a secret, or their concatenation. */
function valueExpression(value: string, language: Language, secretNames: ReadonlySet<string>): string {
  const parts = templateParts(value);
  if (parts.length === 0) return language === 'typescript' ? "''" : '""';
  const expressions = parts.map((part) => {
    if ('text' in part) return language === 'typescript' ? tsString(part.text) : pyString(part.text);
    if (secretNames.has(part.name)) {
      const env = envName('SECRET', part.name);
      return language === 'typescript' ? `secret(${tsString(env)})` : `secret(${pyString(env)})`;
    }
    // The test inbox's address (issue 32): the exported files' own, made by their inbox helper.
    if (part.name === INBOX_VARIABLE) return language === 'typescript' ? 'inbox' : 'INBOX';
    return language === 'typescript' ? tsProperty('params', part.name) : `PARAMS[${pyString(part.name)}]`;
  });
  return expressions.join(' + ');
}

// ── Locators ──────────────────────────────────────────────────────────────────────────────────────

function locatorCall(
  base: string,
  locator: LocatorSpec,
  language: Language,
  secrets: ReadonlySet<string>,
): string {
  const ts = language === 'typescript';
  // Names and texts may hold {{parameters}}: they become the same expressions as values.
  const str = (text: string) => valueExpression(text, language, secrets);
  const exact = (value: boolean | undefined) => (value ? (ts ? ', { exact: true }' : ', exact=True') : '');
  switch (locator.by) {
    case 'role': {
      if (ts) {
        const options = [
          ...(locator.name !== undefined ? [`name: ${str(locator.name)}`] : []),
          ...(locator.exact ? ['exact: true'] : []),
        ];
        return `${base}.getByRole(${tsString(locator.role)}${options.length ? `, { ${options.join(', ')} }` : ''})`;
      }
      const options = [
        ...(locator.name !== undefined ? [`name=${str(locator.name)}`] : []),
        ...(locator.exact ? ['exact=True'] : []),
      ];
      return `${base}.get_by_role(${pyString(locator.role)}${options.length ? `, ${options.join(', ')}` : ''})`;
    }
    case 'label':
      return `${base}.${ts ? 'getByLabel' : 'get_by_label'}(${str(locator.text)}${exact(locator.exact)})`;
    case 'placeholder':
      return `${base}.${ts ? 'getByPlaceholder' : 'get_by_placeholder'}(${str(locator.text)}${exact(locator.exact)})`;
    case 'text':
      return `${base}.${ts ? 'getByText' : 'get_by_text'}(${str(locator.text)}${exact(locator.exact)})`;
    case 'testId':
      return `${base}.${ts ? 'getByTestId' : 'get_by_test_id'}(${(ts ? tsString : pyString)(locator.testId)})`;
    case 'css':
      return `${base}.locator(${(ts ? tsString : pyString)(locator.selector)})`;
  }
}

export function locatorCode(target: Target, language: Language, secretNames: Iterable<string> = []): string {
  const secrets = new Set(secretNames);
  const ts = language === 'typescript';
  const root = target.frame
    ? `page.${language === 'typescript' ? 'frameLocator' : 'frame_locator'}(${(language === 'typescript' ? tsString : pyString)(target.frame)})`
    : 'page';
  let base = target.within ? locatorCall(root, target.within, language, secrets) : root;
  if (target.within && target.withinText !== undefined) {
    const text = valueExpression(target.withinText, language, secrets);
    base += language === 'typescript' ? `.filter({ hasText: ${text} })` : `.filter(has_text=${text})`;
  }
  const has = (spec: LocatorSpec) => {
    const inner = locatorCall(root, spec, language, secrets);
    return language === 'typescript' ? `.filter({ has: ${inner} })` : `.filter(has=${inner})`;
  };
  if (target.within && target.withinHas) base += has(target.withinHas);
  // 'the third row', 'the last item': `.first()` / `.last()` where Playwright has them.
  const pick = (nth: number) =>
    nth === 0 ? (ts ? '.first()' : '.first') : nth === -1 ? (ts ? '.last()' : '.last') : `.nth(${nth})`;
  if (target.within && target.withinNth !== undefined) base += pick(target.withinNth);
  let code = locatorCall(base, target.locator, language, secrets);
  if (target.has) code += has(target.has);
  if (target.visible)
    code += language === 'typescript' ? '.filter({ visible: true })' : '.filter(visible=True)';
  if (target.nth === undefined) return code;
  // Rows and items picked by an ordinal read as such; other indexes stay as they were made.
  return target.has ? `${code}${pick(target.nth)}` : `${code}.nth(${target.nth})`;
}

// ── Actions ───────────────────────────────────────────────────────────────────────────────────────

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function pageMatcher(
  kind: 'url' | 'title',
  assert: { value: string; match: 'contains' | 'equals' },
  language: Language,
  secrets: ReadonlySet<string>,
): string {
  const literal = templateParts(assert.value).every((part) => 'text' in part);
  const value = valueExpression(assert.value, language, secrets);
  if (language === 'typescript') {
    const method = kind === 'url' ? 'toHaveURL' : 'toHaveTitle';
    if (assert.match === 'equals') return `await expect(page).${method}(${value});`;
    const regex = literal
      ? `/${escapeRegExp(assert.value)}/`
      : `new RegExp((${value}).replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&'))`;
    return `await expect(page).${method}(${regex});`;
  }
  const method = kind === 'url' ? 'to_have_url' : 'to_have_title';
  if (assert.match === 'equals') return `expect(page).${method}(${value})`;
  return `expect(page).${method}(re.compile(re.escape(${value})))`;
}

function assertionCode(assert: Assertion, language: Language, secrets: ReadonlySet<string>): string {
  if (assert.type === 'url' || assert.type === 'title')
    return pageMatcher(assert.type, assert, language, secrets);
  const locator = locatorCode(assert.target, language, secrets);
  const ts = language === 'typescript';
  const value = 'value' in assert ? valueExpression(assert.value, language, secrets) : '';
  let matcher: string;
  switch (assert.type) {
    case 'visible':
      matcher = assert.negate
        ? ts
          ? 'toBeHidden()'
          : 'to_be_hidden()'
        : ts
          ? 'toBeVisible()'
          : 'to_be_visible()';
      break;
    case 'text':
      matcher = assert.negate
        ? ts
          ? `not.toContainText(${value})`
          : `not_to_contain_text(${value})`
        : ts
          ? `toContainText(${value})`
          : `to_contain_text(${value})`;
      break;
    case 'value':
      matcher = ts ? `toHaveValue(${value})` : `to_have_value(${value})`;
      break;
    case 'checked':
      if (assert.selected) {
        matcher = `${assert.checked ? '' : ts ? 'not.' : 'not_'}${ts ? "toHaveAttribute('aria-selected', 'true')" : 'to_have_attribute("aria-selected", "true")'}`;
        break;
      }
      matcher = assert.checked
        ? ts
          ? 'toBeChecked()'
          : 'to_be_checked()'
        : ts
          ? 'not.toBeChecked()'
          : 'not_to_be_checked()';
      break;
    case 'enabled':
      matcher = assert.enabled
        ? ts
          ? 'toBeEnabled()'
          : 'to_be_enabled()'
        : ts
          ? 'toBeDisabled()'
          : 'to_be_disabled()';
      break;
    case 'count':
      if (assert.compare) return comparedCount(locator, assert.count, assert.compare, ts);
      matcher = ts ? `toHaveCount(${assert.count})` : `to_have_count(${assert.count})`;
      break;
  }
  return ts ? `await expect(${locator}).${matcher};` : `expect(${locator}).${matcher}`;
}

/**
 * 'More than 3 results': TypeScript polls the count (expect.poll); Python, which has no poll, waits for
 * the element the comparison needs there (the 4th) or needs gone (for 'fewer than' and 'at most').
 */
function comparedCount(
  locator: string,
  count: number,
  compare: 'gt' | 'ge' | 'lt' | 'le',
  ts: boolean,
): string {
  if (ts) {
    const matcher = {
      gt: 'toBeGreaterThan',
      ge: 'toBeGreaterThanOrEqual',
      lt: 'toBeLessThan',
      le: 'toBeLessThanOrEqual',
    }[compare];
    return `await expect.poll(() => ${locator}.count()).${matcher}(${count});`;
  }
  // The index of the first element that must exist (gt, ge) or must not (lt, le).
  const index = compare === 'gt' || compare === 'le' ? count : count - 1;
  if (index < 0) return compare === 'ge' ? '' : `expect(${locator}).to_have_count(0)`;
  const present = compare === 'gt' || compare === 'ge';
  return `expect(${locator}.nth(${index})).${present ? 'to_be_attached()' : 'not_to_be_attached()'}`;
}

const SCROLL_TO_BOTTOM = '() => window.scrollTo(0, document.body.scrollHeight)';
const SCROLL_TO_TOP = '() => window.scrollTo(0, 0)';

/**
 * How an action's code is written. `reveal`: as a whole exported file runs it, every element the runner
 * shows before acting on it (execute.ts `revealed`: hidden until the pointer is over its row or card)
 * goes through the file's `shown()` helper (REVEAL_HELPER), so the export hovers where a run does
 * (issue 28). A step's own code (generated_code, run_code) stays the plain Playwright call.
 */
export interface CodeOptions {
  reveal?: boolean;
}

/** The exported files' helper an element goes through before the runner's actions on it. */
export const REVEAL_FUNCTION = 'shown';

/**
 * An ARIA slider set with its arrow keys until it says the value, as the runner does (execute.ts), in a
 * block of its own so two sliders in one test do not share a name.
 */
function sliderCode(locator: string, wanted: string, ts: boolean, value: (text: string) => string): string {
  const literal = /^-?\d+(?:\.\d+)?$/.test(wanted.trim());
  const target = literal ? wanted.trim() : ts ? `Number(${value(wanted)})` : `float(${value(wanted)})`;
  const text = literal
    ? ts
      ? tsString(wanted.trim())
      : pyString(wanted.trim())
    : ts
      ? `String(${target})`
      : `str(${value(wanted)})`;
  if (ts)
    return [
      '{',
      `  const slider = ${locator};`,
      '  await slider.focus();',
      "  const now = async () => Number(await slider.getAttribute('aria-valuenow'));",
      `  for (let pressed = 0; pressed < 400 && (await now()) !== ${target}; pressed++)`,
      `    await slider.press((await now()) < ${target} ? 'ArrowRight' : 'ArrowLeft');`,
      `  await expect(slider).toHaveAttribute('aria-valuenow', ${text});`,
      '}',
    ].join('\n');
  return [
    `slider = ${locator}`,
    'slider.focus()',
    'for _ in range(400):',
    '    now = float(slider.get_attribute("aria-valuenow") or "nan")',
    `    if now == ${target}:`,
    '        break',
    `    slider.press("ArrowRight" if now < ${target} else "ArrowLeft")`,
    `expect(slider).to_have_attribute("aria-valuenow", ${text})`,
  ].join('\n');
}

/**
 * A date picker's calendar, as the runner picks its day (calendar.ts): the field clicked open, then the
 * day's button by its name, paging months forward then back until it is shown — the calendar opens at
 * the month of the day the test runs, not the one it was written on.
 */
function calendarCode(open: string, day: string, ts: boolean): string {
  const pagers = (['next', 'previous'] as const).map((direction) => pagerSelector(direction));
  if (ts)
    return [
      '{',
      `  ${open}`,
      "  const calendar = page.getByRole('dialog').filter({ visible: true }).last();",
      `  const day = calendar.getByRole('button', { name: ${tsString(day)}, exact: true }).filter({ visible: true }).first();`,
      `  for (const [pager, most] of [[${tsString(pagers[0])}, ${MONTHS_FORWARD}], [${tsString(pagers[1])}, ${MONTHS_BACK}]] as const)`,
      '    for (let turn = 0; turn < most && !(await day.isVisible()); turn++) await calendar.locator(pager).first().click();',
      '  await day.click();',
      '}',
    ].join('\n');
  return [
    open,
    'calendar = page.get_by_role("dialog").filter(visible=True).last',
    `day = calendar.get_by_role("button", name=${pyString(day)}, exact=True).filter(visible=True).first`,
    `for pager, most in ((${pyString(pagers[0])}, ${MONTHS_FORWARD}), (${pyString(pagers[1])}, ${MONTHS_BACK})):`,
    '    for _ in range(most):',
    '        if day.is_visible():',
    '            break',
    '        calendar.locator(pager).first.click()',
    'day.click()',
  ].join('\n');
}

/** The code of one action, as the exported script runs it. */
export function actionCode(
  action: Action,
  language: Language,
  secretNames: Iterable<string> = [],
  options: CodeOptions = {},
): string {
  const secrets = new Set(secretNames);
  const ts = language === 'typescript';
  const aw = ts ? 'await ' : '';
  const end = ts ? ';' : '';
  const str = ts ? tsString : pyString;
  const value = (text: string) => valueExpression(text, language, secrets);
  // An action the runner takes on a revealed element (execute.ts): through shown() in an exported file.
  const call = (target: Target, ts_: string, py: string) => {
    const locator = locatorCode(target, language);
    if (!options.reveal) return `${aw}${locator}.${ts ? ts_ : py}${end}`;
    return ts
      ? `await (await ${REVEAL_FUNCTION}(${locator})).${ts_};`
      : `${REVEAL_FUNCTION}(${locator}).${py}`;
  };
  // scrollTo and waitFor act on the element as it is: the runner shows nothing first.
  const plain = (target: Target, ts_: string, py: string) =>
    `${aw}${locatorCode(target, language)}.${ts ? ts_ : py}${end}`;
  switch (action.kind) {
    case 'goto':
      return `${aw}page.goto(${value(action.url)})${end}`;
    case 'goBack':
      return `${aw}page.${ts ? 'goBack' : 'go_back'}()${end}`;
    case 'reload':
      return `${aw}page.reload()${end}`;
    case 'click': {
      if (action.optional)
        return optionalCode({ ...action, optional: action.optional }, language, secrets, options);
      // A click that opens a tab (issue 32): the same click, waiting for the pop-up it opens.
      if (action.popup) {
        const { popup: _popup, ...click } = action;
        return popupClickCode(actionCode(click, language, secrets, options), language);
      }
      // A control inside a menu is two lines: the menu's opener, then the item.
      const opened = action.opener ? `${call(action.opener, 'click()', 'click()')}\n` : '';
      if (action.clickCount === 2) return opened + call(action.target, 'dblclick()', 'dblclick()');
      if (action.button === 'right')
        return opened + call(action.target, "click({ button: 'right' })", 'click(button="right")');
      if (!action.unfolds) return opened + call(action.target, 'click()', 'click()');
      // A tree item's toggle, then the item saying it is open (or closed): WAI-ARIA's aria-expanded.
      const item = locatorCode(action.unfolds.item, language);
      const state = action.unfolds.expanded ? 'true' : 'false';
      return `${opened}${call(action.target, 'click()', 'click()')}\n${
        ts
          ? `await expect(${item}).toHaveAttribute('aria-expanded', '${state}');`
          : `expect(${item}).to_have_attribute("aria-expanded", "${state}")`
      }`;
    }
    case 'fill':
      if (action.widget === 'slider') {
        const locator = locatorCode(action.target, language);
        const shown = options.reveal
          ? ts
            ? `await ${REVEAL_FUNCTION}(${locator})`
            : `${REVEAL_FUNCTION}(${locator})`
          : locator;
        return sliderCode(shown, action.value, ts, value);
      }
      if (action.widget === 'calendar')
        return calendarCode(call(action.target, 'click()', 'click()'), action.day ?? action.value, ts);
      return call(action.target, `fill(${value(action.value)})`, `fill(${value(action.value)})`);
    case 'type':
      return `${aw}page.keyboard.type(${value(action.value)})${end}`;
    case 'select':
      if (action.widget === 'listbox') {
        // The option is clicked once the list says it is open: a library may draw its list a frame after
        // the click (Ant Design), and a cell saying the same words would be clicked instead.
        // Then the newest element saying the value (the list just drawn) shown, as the runner waits.
        const field = locatorCode(action.target, language);
        const drawn = locatorCode({ ...optionTarget(action), visible: undefined }, language);
        const open = action.expands
          ? ts
            ? `\nawait expect(${field}).toHaveAttribute('aria-expanded', 'true');\nawait expect(${drawn}).toBeVisible();`
            : `\nexpect(${field}).to_have_attribute("aria-expanded", "true")\nexpect(${drawn}).to_be_visible()`
          : '';
        return `${call(action.target, 'click()', 'click()')}${open}\n${call(optionTarget(action), 'click()', 'click()')}`;
      }
      if (action.widget === 'autocomplete')
        return `${call(action.target, `fill(${value(action.value)})`, `fill(${value(action.value)})`)}\n${call(optionTarget(action), 'click()', 'click()')}`;
      return call(
        action.target,
        `selectOption(${value(action.value)})`,
        `select_option(${value(action.value)})`,
      );
    case 'check':
      return call(action.target, 'check()', 'check()');
    case 'uncheck':
      return call(action.target, 'uncheck()', 'uncheck()');
    case 'hover':
      return call(action.target, 'hover()', 'hover()');
    case 'press':
      return action.target
        ? call(action.target, `press(${str(action.key)})`, `press(${str(action.key)})`)
        : `${aw}page.keyboard.press(${str(action.key)})${end}`;
    case 'scroll':
      if (action.to === 'up' || action.to === 'down')
        return `${aw}page.mouse.wheel(0, ${action.to === 'down' ? 600 : -600})${end}`;
      return ts
        ? `await page.evaluate(${action.to === 'bottom' ? SCROLL_TO_BOTTOM : SCROLL_TO_TOP});`
        : `page.evaluate(${pyString(action.to === 'bottom' ? SCROLL_TO_BOTTOM : SCROLL_TO_TOP)})`;
    case 'scrollTo':
      return plain(action.target, 'scrollIntoViewIfNeeded()', 'scroll_into_view_if_needed()');
    case 'wait':
      return `${aw}page.${ts ? 'waitForTimeout' : 'wait_for_timeout'}(${action.ms})${end}`;
    case 'waitFor':
      return plain(
        action.target,
        `waitFor({ state: '${action.state}' })`,
        `wait_for(state="${action.state}")`,
      );
    case 'waitForLoad':
      return ts ? "await page.waitForLoadState('load');" : 'page.wait_for_load_state("load")';
    case 'expect':
      return assertionCode(action.assert, language, secrets);
    case 'module':
      return `${aw}${moduleFunctionName(action.name, language)}(page)${end}`;
    case 'upload':
      return uploadCode(action, language);
    case 'tab':
      return tabCode(action, language);
    case 'drag': {
      // The mouse moves in steps, as the runner's drag (execute.ts): pointer-driven libraries see a drag.
      const to = locatorCode(action.to, language);
      return ts
        ? `await ${locatorCode(action.target, language)}.dragTo(${to}, { steps: ${DRAG_STEPS} });`
        : `${locatorCode(action.target, language)}.drag_to(${to}, steps=${DRAG_STEPS})`;
    }
    case 'email':
      // The exported files' inbox helpers (emailCode.ts) read the mail over HTTP, as a run reads it.
      switch (action.op) {
        case 'open':
          return ts
            ? `mail = await latestEmail(${value(action.to)});`
            : `mail = latest_email(${value(action.to)})`;
        case 'expect': {
          const field = action.field === 'subject' ? 'subject' : 'text';
          return ts
            ? `expect(mailWords(mail.${field})).toContain(mailWords(${value(action.value)}));`
            : `assert mail_words(${value(action.value)}) in mail_words(mail["${field}"])`;
        }
        case 'link':
          return ts
            ? `await page.goto(emailLink(mail, ${value(action.text)}));`
            : `page.goto(email_link(mail, ${value(action.text)}))`;
        case 'code':
          return call(action.target, 'fill(emailCode(mail))', 'fill(email_code(mail))');
      }
  }
}

/**
 * A file upload (issue 32, runner/uploads.ts) as Playwright code: the sample file's bytes are written in
 * the file, so the export needs nothing beside it.
 */
function uploadCode(action: Extract<Action, { kind: 'upload' }>, language: Language): string {
  const ts = language === 'typescript';
  const locator = locatorCode(action.target, language);
  const sample = SAMPLE_FILES[action.file.trim()] ?? SAMPLE_FILES[action.file.trim().toLowerCase()];
  const payload = !sample
    ? ts
      ? tsString(action.file)
      : pyString(action.file)
    : ts
      ? `{ name: ${tsString(sample.name)}, mimeType: ${tsString(sample.mimeType)}, buffer: Buffer.from(${tsString(sample.buffer.toString('base64'))}, 'base64') }`
      : `{"name": ${pyString(sample.name)}, "mimeType": ${pyString(sample.mimeType)}, "buffer": base64.b64decode(${pyString(sample.buffer.toString('base64'))})}`;
  if (!action.chooser)
    return ts ? `await ${locator}.setInputFiles(${payload});` : `${locator}.set_input_files(${payload})`;
  return ts
    ? `await Promise.all([\n  page.waitForEvent('filechooser').then((chooser) => chooser.setFiles(${payload})),\n  ${locator}.click(),\n]);`
    : [
        'with page.expect_file_chooser() as chooser:',
        `    ${locator}.click()`,
        `chooser.value.set_files(${payload})`,
      ].join('\n');
}

/**
 * An optional click (issue 32, runner/optional.ts) as Playwright code: wait briefly for the element,
 * click it only if it was shown. The wait is the runner's, so the exported file goes the same way.
 */
function optionalCode(
  action: Extract<Action, { kind: 'click' }> & { optional: { waitMs: number } },
  language: Language,
  secrets: ReadonlySet<string>,
  options: CodeOptions,
): string {
  const { optional, ...click } = action;
  const clicked = actionCode(click, language, secrets, options);
  const shown = locatorCode(action.opener ?? action.target, language);
  if (language === 'typescript')
    return [
      `// Optional: clicked only if shown within ${optional.waitMs} ms.`,
      `if (await ${shown}.first().waitFor({ timeout: ${optional.waitMs} }).then(() => true, () => false)) {`,
      indented(clicked, '  '),
      '}',
    ].join('\n');
  return [
    `# Optional: clicked only if shown within ${optional.waitMs} ms.`,
    'try:',
    `    ${shown}.first.wait_for(timeout=${optional.waitMs})`,
    'except PlaywrightTimeoutError:',
    '    pass',
    'else:',
    indented(clicked, '    '),
  ].join('\n');
}

/** The exported helper function that runs a module's steps: signInAsAdmin / sign_in_as_admin. */
export function moduleFunctionName(name: string, language: Language): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) words.push('module');
  // A leading digit is no identifier; a Python function named test_… would be collected by pytest.
  // Nor may a module be called as the exported files' own helper.
  if (
    /^\d/.test(words[0]) ||
    (language === 'python' && words[0] === 'test') ||
    (words.length === 1 && words[0] === REVEAL_FUNCTION)
  )
    words.unshift('module');
  return language === 'typescript'
    ? words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')
    : words.join('_');
}

// ── Whole scripts ─────────────────────────────────────────────────────────────────────────────────

/** An action's code in a script's body: every line of it (an opener's click and the item's) indented. */
export function indented(code: string, indent: string): string {
  return code
    .split('\n')
    .map((line) => `${indent}${line}`)
    .join('\n');
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The address a page is "already on" for a step that opens `url` (issue 28): the same origin and the
 * site's folder (`http://host/todo/` for `…/todo/` or `…/todo/index.html`), or the very page for any
 * other file (`…/shop/cart.html`). Not the origin alone: one origin often serves several applications
 * (`/app/` and `/admin/`, our fixture sites on one port), and a setup module that ended in another one
 * has not left the page where the test starts. Null when the URL is not a plain http(s) address (a
 * {{reference}} is only known when the step runs): the step then always opens its page.
 */
export function siteAddress(url: string): string | null {
  if (!/^https?:\/\//i.test(url) || url.includes('{{')) return null;
  try {
    const parsed = new URL(url);
    let path = parsed.pathname.replace(/\/index\.html?$/i, '/');
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last && !last.includes('.')) path = `${path}/`;
    return `${parsed.origin}${path}`;
  } catch {
    return null;
  }
}

/** True when a page at `pageUrl` is already where a step that opens `url` would take it. */
export function isOnSite(pageUrl: string, url: string): boolean {
  const site = siteAddress(url);
  return site !== null && pageUrl.startsWith(site);
}

/**
 * A step's code: its action's, except the opening step that continues a setup module's page, which
 * opens its page only when the page is elsewhere (the same test as isOnSite, so a run and its export
 * decide alike).
 */
export function stepCode(
  step: ScriptStep,
  language: Language,
  secretNames: Iterable<string> = [],
  options: CodeOptions = {},
): string {
  const code = actionCode(step.action, language, secretNames, options);
  const site = step.continuesSetup && step.action.kind === 'goto' ? siteAddress(step.action.url) : null;
  if (!site) return code;
  return language === 'typescript'
    ? `// The setup module's page is kept when it is on this site already.\nif (!page.url().startsWith(${tsString(site)})) ${code}`
    : `# The setup module's page is kept when it is on this site already.\nif not page.url.startswith(${pyString(site)}):\n    ${code}`;
}

/**
 * The runner's way to show an element hidden until the pointer is over its container (execute.ts
 * `revealed`: the nearest of six ancestors whose hover shows it, a second each), for the exported
 * files; null when no line of `body` uses it.
 */
export function revealHelper(language: Language, body: string): string[] | null {
  if (!body.includes(`${REVEAL_FUNCTION}(`)) return null;
  if (language === 'typescript')
    return [
      '// As a Plainwright run does: a control shown only while the pointer is over its row or card (an',
      "// icon-only remove button, a card's menu) is shown by hovering the nearest container that shows it.",
      `async function ${REVEAL_FUNCTION}(locator: Locator): Promise<Locator> {`,
      "  await locator.waitFor({ state: 'attached' });",
      '  if (await locator.isVisible()) return locator;',
      '  let ancestor = locator;',
      '  try {',
      '    for (let level = 0; level < 6; level++) {',
      "      ancestor = ancestor.locator('xpath=..');",
      '      if ((await ancestor.count()) === 0) break;',
      '      if (!(await ancestor.isVisible())) continue;',
      '      await ancestor.hover({ timeout: 1000 });',
      '      if (await locator.isVisible()) break;',
      '    }',
      '  } catch {',
      '    // A container that cannot be hovered: the action itself says what is wrong.',
      '  }',
      '  return locator;',
      '}',
      '',
    ];
  return [
    '',
    `def ${REVEAL_FUNCTION}(locator: Locator) -> Locator:`,
    '    """As a Plainwright run does: a control shown only while the pointer is over its row or card',
    '    (an icon-only remove button, a card\'s menu) is shown by hovering the nearest container that shows it."""',
    '    locator.wait_for(state="attached")',
    '    if locator.is_visible():',
    '        return locator',
    '    ancestor = locator',
    '    try:',
    '        for _ in range(6):',
    '            ancestor = ancestor.locator("xpath=..")',
    '            if ancestor.count() == 0:',
    '                break',
    '            if not ancestor.is_visible():',
    '                continue',
    '            ancestor.hover(timeout=1000)',
    '            if locator.is_visible():',
    '                break',
    '    except Exception:',
    '        pass  # A container that cannot be hovered: the action itself says what is wrong.',
    '    return locator',
    '',
  ];
}

export function typescriptScript(spec: ScriptSpec): string {
  const secrets = new Set(spec.secretNames);
  const body = spec.steps.map((step, index) =>
    [
      `  // ${index + 1}. ${oneLine(step.description)}`,
      indented(stepCode(step, 'typescript', secrets, { reveal: true }), '  '),
    ].join('\n'),
  );
  const reveal = revealHelper('typescript', body.join('\n'));
  const email = emailHelper('typescript', body.join('\n'));
  const lines: string[] = [
    `import { test, expect${reveal ? ', type Locator' : ''} } from '@playwright/test';`,
    '',
  ];
  const parameterNames = Object.keys(spec.parameters).sort();
  const rows = spec.dataRows ?? [];
  if (parameterNames.length > 0) {
    lines.push("// Variables: the test's values, overridden by PARAM_<NAME> environment variables.");
    lines.push(rows.length > 0 ? 'const testParams = {' : 'const params = {');
    for (const name of parameterNames) {
      const key = IDENTIFIER.test(name) ? name : tsString(name);
      lines.push(`  ${key}: process.env.${envName('PARAM', name)} ?? ${tsString(spec.parameters[name])},`);
    }
    lines.push('};', '');
  }
  if (secrets.size > 0) {
    lines.push(
      '// Secrets are read from SECRET_<NAME> environment variables; they are never written into this file.',
      'function secret(name: string): string {',
      '  const value = process.env[name];',
      '  if (value === undefined) throw new Error(`Set ${name}: this test reads a secret from the environment.`);',
      '  return value;',
      '}',
      '',
    );
  }
  const use: string[] = [];
  if (spec.viewport) use.push(`viewport: { width: ${spec.viewport.width}, height: ${spec.viewport.height} }`);
  if (spec.userAgent) use.push(`userAgent: ${tsString(spec.userAgent)}`);
  if (reveal) lines.push(...reveal);
  if (email) lines.push(...email);
  if (use.length > 0) lines.push(`test.use({ ${use.join(', ')} });`, '');
  // A tab step (issue 32) picks the test's tab among the context's pages.
  const fixtures = body.some((line) => /\bcontext\.pages\(\)/.test(line)) ? 'page, context' : 'page';
  if (rows.length > 0 && parameterNames.length > 0) {
    // Issue 33: a test of a data table runs once per row, as a Plainwright run does.
    const key = (name: string) => (IDENTIFIER.test(name) ? name : tsString(name));
    lines.push(
      "// The test's data table: it runs once per row, each row's values before the variables' own.",
      'const rows: Record<string, string>[] = [',
      ...rows.map(
        (row) =>
          `  { ${Object.entries(row)
            .map(([name, value]) => `${key(name)}: ${tsString(value)}`)
            .join(', ')} },`,
      ),
      '];',
      '',
      'for (const [index, row] of rows.entries()) {',
      `  test(\`\${${tsString(spec.name)}} (row \${index + 1})\`, async ({ ${fixtures} }) => {`,
      '    const params = { ...testParams, ...row };',
      ...body
        .join('\n')
        .split('\n')
        .map((line) => (line ? `  ${line}` : line)),
      '  });',
      '}',
      '',
    );
    return lines.join('\n');
  }
  lines.push(`test(${tsString(spec.name)}, async ({ ${fixtures} }) => {`, ...body, '});', '');
  return lines.join('\n');
}

function pythonName(name: string): string {
  const snake = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return `test_${snake || 'generated'}`;
}

export function pythonScript(spec: ScriptSpec): string {
  const secrets = new Set(spec.secretNames);
  const body = spec.steps.map((step, index) =>
    [
      `    # ${index + 1}. ${oneLine(step.description)}`,
      indented(stepCode(step, 'python', secrets, { reveal: true }), '    '),
    ].join('\n'),
  );
  const reveal = revealHelper('python', body.join('\n'));
  const email = emailHelper('python', body.join('\n'));
  // A tab step (issue 32) picks the test's tab among the context's pages.
  const tabs = body.some((line) => /\bcontext\.pages\b/.test(line));
  const lines: string[] = [
    // A file upload (issue 32) writes its sample file's bytes in base64.
    ...(body.some((line) => line.includes('base64.b64decode(')) ? ['import base64'] : []),
    ...(email ? PYTHON_EMAIL_IMPORTS.slice(0, 1) : []),
    'import os',
    'import re',
    ...(email ? PYTHON_EMAIL_IMPORTS.slice(1) : []),
    '',
    'import pytest',
    // An optional step (issue 32) waits for its element and carries on when it times out.
    `from playwright.sync_api import ${tabs ? 'BrowserContext, ' : ''}${reveal ? 'Locator, ' : ''}Page, ${body.some((line) => line.includes('PlaywrightTimeoutError')) ? 'TimeoutError as PlaywrightTimeoutError, ' : ''}expect`,
    '',
  ];
  const parameterNames = Object.keys(spec.parameters).sort();
  if (parameterNames.length > 0) {
    lines.push("# Variables: the test's values, overridden by PARAM_<NAME> environment variables.");
    lines.push('PARAMS = {');
    for (const name of parameterNames)
      lines.push(
        `    ${pyString(name)}: os.environ.get(${pyString(envName('PARAM', name))}, ${pyString(spec.parameters[name])}),`,
      );
    lines.push('}', '');
  }
  if (secrets.size > 0) {
    lines.push(
      '',
      'def secret(name: str) -> str:',
      '    """Secrets are read from SECRET_<NAME> environment variables; they are never written into this file."""',
      '    value = os.environ.get(name)',
      '    if value is None:',
      '        raise RuntimeError(f"Set {name}: this test reads a secret from the environment.")',
      '    return value',
      '',
    );
  }
  const context: string[] = [];
  if (spec.viewport)
    context.push(`"viewport": {"width": ${spec.viewport.width}, "height": ${spec.viewport.height}}`);
  if (spec.userAgent) context.push(`"user_agent": ${pyString(spec.userAgent)}`);
  if (context.length > 0) {
    lines.push(
      '',
      '@pytest.fixture',
      'def browser_context_args(browser_context_args):',
      `    return {**browser_context_args, ${context.join(', ')}}`,
      '',
    );
  }
  if (reveal) lines.push(...reveal);
  if (email) lines.push(...email);
  lines.push(
    '',
    `def ${pythonName(spec.name)}(page: Page${tabs ? ', context: BrowserContext' : ''}) -> None:`,
  );
  lines.push(`    # ${oneLine(spec.name)}`, ...body, '');
  return lines.join('\n');
}
