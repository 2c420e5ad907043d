import { parser } from '@lezer/python';
import { type SyntaxNode } from '@lezer/common';
import { type UnsafeCodeDetail } from '../../../contract/modules';
import {
  type Action,
  type Assertion,
  type LocatorSpec,
  type Target,
  describeAction,
} from '../runner/actions';
import { envName, REVEAL_FUNCTION, revealHelper } from '../runner/codegen';
import { type ReplayStep } from '../runner/replay';
import { type BoundsRefusal, scriptBoundsRefusal } from './pythonBounds';

// A module's Python script never runs as Python: it is parsed (@lezer/python) and each statement is
// read into the runner's own actions, the way our Python export writes them. Whatever falls outside
// that subset is refused, naming the construct and its line, so nothing a script says can reach the
// server: no imports but Playwright's and re, no names but page, expect and the export's helpers.

/** What a module's Python script becomes: the runner's own steps, or why it is refused. */
export type PythonTranslation = { ok: true; steps: ReplayStep[] } | { ok: false; errors: UnsafeCodeDetail[] };

export interface TranslateOptions {
  /** The suite's secret names: `secret("SECRET_API_KEY")` reads back as `{{api_key}}` when one matches. */
  secretNames?: Iterable<string>;
}

export function translatePythonScript(script: string, options: TranslateOptions = {}): PythonTranslation {
  const refusal = scriptBoundsRefusal(script);
  if (refusal) return { ok: false, errors: [boundsDetail(script, refusal)] };
  const translator = new Translator(script, [...(options.secretNames ?? [])]);
  return translator.run();
}

/** A broken bound said as the translator says a refusal: where, and why. */
function boundsDetail(script: string, refusal: BoundsRefusal): UnsafeCodeDetail {
  const before = script.slice(0, refusal.at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {
    line: before.split('\n').length,
    column: refusal.at - lineStart + 1,
    code: script.slice(refusal.at, refusal.at + 40).split('\n')[0],
    reason: refusal.reason,
  };
}

// ── Tables: what the subset holds ─────────────────────────────────────────────────────────────────

const ALLOWED_IMPORTS: Record<string, string[] | null> = {
  // `import x` (null) or `from x import a, b` (the names).
  re: null,
  // The export's own boilerplate: PARAMS reads os.environ, the test function is a pytest test.
  os: null,
  pytest: null,
  'playwright.sync_api': ['Page', 'expect', 'Locator'],
};

/** Names whose mere use is a way out of the sandbox: said plainly in the refusal. */
const DANGEROUS = new Set([
  'eval',
  'exec',
  'compile',
  '__import__',
  'open',
  'input',
  'globals',
  'locals',
  'vars',
  'getattr',
  'setattr',
  'delattr',
  'breakpoint',
  'os',
  'sys',
  'subprocess',
  'shutil',
  'socket',
  'importlib',
  'builtins',
  'pickle',
  'ctypes',
  'requests',
  'urllib',
  'pathlib',
]);

const STATEMENT_REASONS: Record<string, string> = {
  ForStatement: 'Loops are not supported: write each step out',
  WhileStatement: 'Loops are not supported: write each step out',
  IfStatement: 'Conditions are not supported: a module runs the same steps every time',
  TryStatement: 'try/except is not supported: a failing step ends the run',
  WithStatement: '`with` blocks are not supported',
  ClassDefinition: 'Classes are not supported',
  DecoratedStatement: 'Decorators and fixtures are not supported: set browser options on the test',
  ReturnStatement: '`return` is not supported',
  RaiseStatement: '`raise` is not supported',
  DeleteStatement: '`del` is not supported',
  GlobalStatement: '`global` is not supported',
  NonlocalStatement: '`nonlocal` is not supported',
  AssertStatement: 'Use expect(…) for checks, not assert',
  AssignStatement: 'Variables are not supported: write values where they are used',
  UpdateStatement: 'Variables are not supported: write values where they are used',
};

type LocatorBuilder = (call: Call) => LocatorSpec;

/** page.get_by_*(…) and page.locator(css): the locators a step may act on. */
const LOCATORS: Record<string, LocatorBuilder> = {
  get_by_role: (call) => {
    call.allow(['name', 'exact']);
    const name = call.optionalText('name');
    return { by: 'role', role: call.literal(0), ...(name !== undefined ? { name } : {}), ...exactOf(call) };
  },
  get_by_label: (call) => ({ by: 'label', text: call.text(0), ...textOptions(call) }),
  get_by_placeholder: (call) => ({ by: 'placeholder', text: call.text(0), ...textOptions(call) }),
  get_by_text: (call) => ({ by: 'text', text: call.text(0), ...textOptions(call) }),
  get_by_test_id: (call) => {
    call.allow([]);
    return { by: 'testId', testId: call.text(0) };
  },
  locator: (call) => {
    call.allow([]);
    return { by: 'css', selector: call.text(0) };
  },
};

function exactOf(call: Call): { exact?: true } {
  return call.optionalBoolean('exact') ? { exact: true } : {};
}

function textOptions(call: Call): { exact?: true } {
  call.allow(['exact']);
  return exactOf(call);
}

/** locator.<method>(…): what a step does to its element. */
const LOCATOR_ACTIONS: Record<string, (target: Target, call: Call) => Action> = {
  click: (target, call) => {
    call.allow(['button'], 0);
    const button = call.optionalLiteral('button');
    if (button !== undefined && button !== 'left' && button !== 'right')
      throw call.refuse('Only button="left" or button="right" is supported');
    return { kind: 'click', target, ...(button === 'right' ? { button: 'right' as const } : {}) };
  },
  dblclick: (target, call) => (call.allow([], 0), { kind: 'click', target, clickCount: 2 }),
  fill: (target, call) => (call.allow([]), { kind: 'fill', target, value: call.text(0) }),
  select_option: (target, call) => (call.allow([]), { kind: 'select', target, value: call.text(0) }),
  check: (target, call) => (call.allow([], 0), { kind: 'check', target }),
  uncheck: (target, call) => (call.allow([], 0), { kind: 'uncheck', target }),
  hover: (target, call) => (call.allow([], 0), { kind: 'hover', target }),
  press: (target, call) => (call.allow([]), { kind: 'press', target, key: call.literal(0) }),
  scroll_into_view_if_needed: (target, call) => (call.allow([], 0), { kind: 'scrollTo', target }),
  wait_for: (target, call) => {
    call.allow(['state'], 0);
    const state = call.optionalLiteral('state') ?? 'visible';
    if (state !== 'visible' && state !== 'hidden')
      throw call.refuse('Only state="visible" or state="hidden" is supported');
    return { kind: 'waitFor', target, state };
  },
};

/** expect(locator).<matcher>(…). */
const LOCATOR_MATCHERS: Record<string, (target: Target, call: Call) => Assertion> = {
  to_be_visible: (target, call) => (call.allow([], 0), { type: 'visible', target }),
  not_to_be_hidden: (target, call) => (call.allow([], 0), { type: 'visible', target }),
  to_be_hidden: (target, call) => (call.allow([], 0), { type: 'visible', target, negate: true }),
  not_to_be_visible: (target, call) => (call.allow([], 0), { type: 'visible', target, negate: true }),
  // NOTE: the runner checks text by containment: to_have_text reads as to_contain_text.
  to_contain_text: (target, call) => (call.allow([]), { type: 'text', target, value: call.text(0) }),
  to_have_text: (target, call) => (call.allow([]), { type: 'text', target, value: call.text(0) }),
  not_to_contain_text: (target, call) => (
    call.allow([]),
    { type: 'text', target, value: call.text(0), negate: true }
  ),
  not_to_have_text: (target, call) => (
    call.allow([]),
    { type: 'text', target, value: call.text(0), negate: true }
  ),
  to_have_value: (target, call) => (call.allow([]), { type: 'value', target, value: call.text(0) }),
  to_be_checked: (target, call) => (call.allow([], 0), { type: 'checked', target, checked: true }),
  not_to_be_checked: (target, call) => (call.allow([], 0), { type: 'checked', target, checked: false }),
  to_be_enabled: (target, call) => (call.allow([], 0), { type: 'enabled', target, enabled: true }),
  not_to_be_disabled: (target, call) => (call.allow([], 0), { type: 'enabled', target, enabled: true }),
  to_be_disabled: (target, call) => (call.allow([], 0), { type: 'enabled', target, enabled: false }),
  not_to_be_enabled: (target, call) => (call.allow([], 0), { type: 'enabled', target, enabled: false }),
  to_have_count: (target, call) => (call.allow([]), { type: 'count', target, count: call.integer(0) }),
};

/** expect(page).<matcher>(…): a string is the whole URL or title, re.compile(re.escape(…)) a part. */
const PAGE_MATCHERS: Record<string, 'url' | 'title'> = { to_have_url: 'url', to_have_title: 'title' };

/** The scroll scripts our export writes: the only page.evaluate a module may hold. */
const EXPORTED_SCROLLS: Record<string, 'top' | 'bottom'> = {
  '() => window.scrollTo(0, 0)': 'top',
  '() => window.scrollTo(0, document.body.scrollHeight)': 'bottom',
};

/** page.<method>(…) and page.keyboard / page.mouse calls that are not about an element. */
const PAGE_ACTIONS: Record<string, (call: Call) => Action> = {
  goto: (call) => (call.allow([]), { kind: 'goto', url: call.text(0) }),
  go_back: (call) => (call.allow([], 0), { kind: 'goBack' }),
  reload: (call) => (call.allow([], 0), { kind: 'reload' }),
  wait_for_timeout: (call) => {
    call.allow([]);
    const ms = call.integer(0);
    if (ms < 0 || ms > 60_000) throw call.refuse('Waits must be between 0 and 60000 ms');
    return { kind: 'wait', ms };
  },
  wait_for_load_state: (call) => (call.allow([]), { kind: 'waitForLoad' }),
  evaluate: (call) => {
    call.allow([]);
    const script = call.arguments.length === 1 ? call.tryLiteral(0) : undefined;
    const to = script === undefined ? undefined : EXPORTED_SCROLLS[script];
    if (!to) throw call.refuse('page.evaluate runs JavaScript in the page: it is not supported');
    return { kind: 'scroll', to };
  },
  'keyboard.press': (call) => (call.allow([]), { kind: 'press', key: call.literal(0) }),
  'keyboard.type': (call) => (call.allow([]), { kind: 'type', value: call.text(0) }),
  'mouse.wheel': (call) => {
    call.allow([], 2);
    if (call.integer(0) !== 0) throw call.refuse('Only vertical scrolling is supported: mouse.wheel(0, …)');
    return { kind: 'scroll', to: call.integer(1) < 0 ? 'up' : 'down' };
  },
};

// The export's secret() helper, exactly as it writes it: reading an environment variable is the
// only thing it does, and a script may call it only with a SECRET_<NAME> string.
const SECRET_HELPER = [
  'def secret(name: str) -> str:',
  '"""Secrets are read from SECRET_<NAME> environment variables; they are never written into this file."""',
  'value = os.environ.get(name)',
  'if value is None:',
  'raise RuntimeError(f"Set {name}: this test reads a secret from the environment.")',
  'return value',
].join('\n');

// The export's shown() helper (issue 28), exactly as it writes it: a run shows an element hidden until
// hovered by itself, so `shown(locator).click()` reads back as the action on the locator.
const SHOWN_HELPER = normalizeLines((revealHelper('python', `${REVEAL_FUNCTION}(`) ?? []).join('\n'));

// ── The translator ───────────────────────────────────────────────────────────────────────────────

class Refusal extends Error {
  constructor(
    readonly node: SyntaxNode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface Link {
  name: string;
  node: SyntaxNode;
  /** The call's arguments; null for a property (`.first`). */
  call: Call | null;
}

class Translator {
  private readonly _errors: UnsafeCodeDetail[] = [];
  private readonly _steps: ReplayStep[] = [];
  private readonly _lineStarts: number[] = [0];

  constructor(
    private readonly _source: string,
    private readonly _secretNames: string[],
  ) {
    for (let i = 0; i < _source.length; i++) if (_source[i] === '\n') this._lineStarts.push(i + 1);
  }

  run(): PythonTranslation {
    const tree = parser.parse(this._source);
    const syntax = this._syntaxErrors(tree.topNode);
    if (syntax.length > 0) return { ok: false, errors: syntax };
    this._block(tree.topNode, /* topLevel */ true);
    if (this._errors.length > 0) return { ok: false, errors: this._errors };
    if (this._steps.length === 0)
      return {
        ok: false,
        errors: [{ line: 1, column: 1, code: '', reason: 'The script has no Playwright steps' }],
      };
    return { ok: true, steps: this._steps };
  }

  private _syntaxErrors(top: SyntaxNode): UnsafeCodeDetail[] {
    const errors: UnsafeCodeDetail[] = [];
    const cursor = top.cursor();
    do {
      if (cursor.type.isError) errors.push(this._detail(cursor.node, 'This is not valid Python'));
    } while (cursor.next() && errors.length < 20);
    return errors;
  }

  private _block(parent: SyntaxNode, topLevel: boolean): void {
    let description: string | null = null;
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.name === ':') continue;
      try {
        if (node.name === 'Comment') {
          // The export writes '# 3. Click the "Save" button' above each step: the step keeps those words.
          const match = /^#\s*\d+\.\s+(.+)$/.exec(this._text(node).trim());
          description = match ? match[1].trim() : description;
          continue;
        }
        this._statement(node, topLevel, description);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        this._errors.push(this._detail(error.node, error.reason));
      }
      description = null;
    }
  }

  private _statement(node: SyntaxNode, topLevel: boolean, description: string | null): void {
    switch (node.name) {
      case 'PassStatement':
        return;
      case 'ImportStatement':
        if (!topLevel) throw new Refusal(node, 'Imports belong at the top of the script');
        return this._import(node);
      case 'FunctionDefinition':
        if (!topLevel) throw new Refusal(node, 'Functions inside functions are not supported');
        return this._function(node);
      case 'AssignStatement':
        if (topLevel && this._isParams(node)) return;
        throw new Refusal(node, STATEMENT_REASONS.AssignStatement);
      case 'ExpressionStatement': {
        const expression = node.firstChild;
        // A docstring.
        if (expression?.name === 'String' && !expression.nextSibling) return;
        if (expression?.name !== 'CallExpression' || expression.nextSibling)
          throw new Refusal(node, 'Each line must be one Playwright call');
        const action = this._callStatement(expression);
        this._steps.push({
          description: description ?? describeAction(action),
          actionName: action.kind,
          action,
        });
        return;
      }
      default:
        throw new Refusal(node, STATEMENT_REASONS[node.name] ?? `${node.name} is not supported`);
    }
  }

  private _import(node: SyntaxNode): void {
    if (node.getChild('as')) throw new Refusal(node, 'Imports may not be renamed');
    if (node.getChild('*')) throw new Refusal(node, '`import *` is not supported');
    const text = this._text(node)
      .replace(/[()\\\s]+/g, ' ')
      .trim();
    const from = /^from ([\w.]+) import (.+)$/.exec(text);
    if (!from) {
      for (const name of text
        .replace(/^import /, '')
        .split(',')
        .map((part) => part.trim()))
        if (ALLOWED_IMPORTS[name] !== null) throw new Refusal(node, importReason(name));
      return;
    }
    const allowed = ALLOWED_IMPORTS[from[1]];
    if (!allowed) throw new Refusal(node, importReason(from[1]));
    const names = from[2]
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const extra = names.filter((name) => !allowed.includes(name));
    if (extra.length > 0)
      throw new Refusal(
        node,
        `Only ${allowed.join(', ')} may be imported from ${from[1]}, not ${extra.join(', ')}`,
      );
  }

  /** PARAMS = {"name": os.environ.get("PARAM_NAME", "default"), …}: the export's variables. */
  private _isParams(node: SyntaxNode): boolean {
    const target = node.firstChild;
    const value = target?.nextSibling?.nextSibling;
    if (!target || this._text(target) !== 'PARAMS' || value?.name !== 'DictionaryExpression') return false;
    if (value.nextSibling) return false;
    for (let child = value.firstChild; child; child = child.nextSibling) {
      if (['{', '}', ',', ':'].includes(child.name)) continue;
      if (child.name === 'String') {
        this._literal(child);
        continue;
      }
      const text = this._text(child).replace(/\s+/g, '');
      if (!/^os\.environ\.get\("PARAM_[A-Z0-9_]+",("([^"\\]|\\.)*"|'([^'\\]|\\.)*')\)$/.test(text))
        throw new Refusal(child, 'PARAMS values must be os.environ.get("PARAM_<NAME>", "<default>")');
      const defaultValue = child.getChild('ArgList')?.getChildren('String')[1];
      if (defaultValue) this._literal(defaultValue);
    }
    return true;
  }

  private _function(node: SyntaxNode): void {
    const name = this._text(node.getChild('VariableName')!);
    if (node.firstChild?.name === 'async') throw new Refusal(node, 'async functions are not supported');
    if (name === 'secret') {
      if (normalizeLines(this._text(node)) !== SECRET_HELPER)
        throw new Refusal(node, 'secret() must be exactly the helper our Python export writes');
      return;
    }
    if (name === REVEAL_FUNCTION) {
      if (normalizeLines(this._text(node)) !== SHOWN_HELPER)
        throw new Refusal(node, `${REVEAL_FUNCTION}() must be exactly the helper our Python export writes`);
      return;
    }
    const params = node.getChild('ParamList');
    const paramText = params ? this._text(params).replace(/\s+/g, '') : '';
    if (paramText !== '(page)' && paramText !== '(page:Page)')
      throw new Refusal(node, 'A step function takes one parameter: def run(page: Page)');
    const returns = node.getChildren('TypeDef').find((child) => child.from > (params?.to ?? 0));
    if (returns && this._text(returns).replace(/\s+/g, '') !== '->None')
      throw new Refusal(returns, 'A step function returns nothing (-> None)');
    const body = node.getChild('Body');
    if (body) this._block(body, /* topLevel */ false);
  }

  /** One statement's call: page.…, expect(…).…, or the locator chain of an action. */
  private _callStatement(node: SyntaxNode): Action {
    const { root, links } = this._chain(node);
    if (root.name === 'CallExpression') {
      const callee = this._text(root.firstChild!);
      if (callee !== 'expect') throw new Refusal(root, reasonForName(callee));
      return { kind: 'expect', assert: this._expect(root, links) };
    }
    const rootName = this._text(root);
    if (rootName !== 'page') throw new Refusal(node, reasonForName(rootName));
    if (links.length === 0) throw new Refusal(node, 'Each line must be one Playwright call');
    const last = links[links.length - 1];
    if (!last.call) throw new Refusal(last.node, `${last.name} is not a call`);
    const pagePath = links.map((link) => link.name).join('.');
    const pageAction = PAGE_ACTIONS[pagePath];
    if (pageAction && links.slice(0, -1).every((link) => !link.call)) return pageAction(last.call);
    if (LOCATORS[last.name] || last.name === 'filter' || last.name === 'nth')
      throw new Refusal(
        last.node,
        'A locator alone does nothing: end the line with an action such as .click()',
      );
    if (links.length === 1 || !(links[0].name in LOCATORS || links[0].name === 'frame_locator'))
      throw new Refusal(last.node, `page.${pagePath} is not part of the supported Playwright subset`);
    const target = this._target(links.slice(0, -1), last.node);
    const act = LOCATOR_ACTIONS[last.name];
    if (!act) throw new Refusal(last.node, `.${last.name}() is not a supported action`);
    return act(target, last.call);
  }

  private _expect(root: SyntaxNode, links: Link[]): Assertion {
    const [matcher, ...rest] = links;
    if (!matcher?.call || rest.length > 0)
      throw new Refusal(root.parent ?? root, 'expect(…) needs one matcher call');
    const args = new Call(this, root.getChild('ArgList')!, root);
    args.allow([]);
    if (args.arguments.length !== 1) throw new Refusal(root, 'expect(…) takes the page or one locator');
    const subject = args.arguments[0];
    if (subject.name === 'VariableName' && this._text(subject) === 'page') {
      const kind = PAGE_MATCHERS[matcher.name];
      if (!kind) throw new Refusal(matcher.node, `expect(page).${matcher.name}() is not supported`);
      matcher.call.allow([]);
      return this._pageMatcher(kind, matcher.call);
    }
    const chain = this._chain(subject);
    if (chain.root.name !== 'VariableName' || this._text(chain.root) !== 'page')
      throw new Refusal(subject, 'expect(…) takes the page or a locator of the page');
    const target = this._target(chain.links, subject);
    const build = LOCATOR_MATCHERS[matcher.name];
    if (!build) throw new Refusal(matcher.node, `.${matcher.name}() is not a supported assertion`);
    return build(target, matcher.call);
  }

  private _pageMatcher(type: 'url' | 'title', call: Call): Assertion {
    if (call.arguments.length !== 1) throw call.refuse('Expected one value');
    const value = call.arguments[0];
    if (
      value.name === 'CallExpression' &&
      this._text(value.firstChild!).replace(/\s+/g, '') === 're.compile'
    ) {
      const pattern = new Call(this, value.getChild('ArgList')!, value);
      pattern.allow([]);
      const inner = pattern.arguments[0];
      if (
        pattern.arguments.length === 1 &&
        inner.name === 'CallExpression' &&
        this._text(inner.firstChild!).replace(/\s+/g, '') === 're.escape'
      ) {
        const escaped = new Call(this, inner.getChild('ArgList')!, inner);
        escaped.allow([]);
        return { type, value: escaped.text(0), match: 'contains' };
      }
      const literal = pattern.tryLiteral(0);
      // A pattern without regular-expression characters is plain text to look for.
      if (literal !== undefined && !/[\\^$.*+?()[\]{}|]/.test(literal))
        return { type, value: literal, match: 'contains' };
      throw new Refusal(value, 'Only re.compile(re.escape("…")) or plain text is supported');
    }
    return { type, value: this.value(value), match: 'equals' };
  }

  /** The links of a locator chain, read back into a Target (the inverse of codegen's locatorCode). */
  private _target(links: Link[], where: SyntaxNode): Target {
    let index = 0;
    let frame: string | undefined;
    if (links[0]?.name === 'frame_locator') {
      if (!links[0].call) throw new Refusal(links[0].node, 'frame_locator is a call');
      links[0].call.allow([]);
      frame = links[0].call.text(0);
      index = 1;
    }
    interface Segment {
      locator: LocatorSpec;
      hasText?: string;
      has?: LocatorSpec;
      visible?: boolean;
      nth?: number;
    }
    const segments: Segment[] = [];
    for (; index < links.length; index++) {
      const link = links[index];
      const current = segments[segments.length - 1];
      const builder = LOCATORS[link.name];
      if (builder && link.call) {
        segments.push({ locator: builder(link.call) });
        continue;
      }
      if (!current) throw new Refusal(link.node, `.${link.name} needs a locator first (page.get_by_…)`);
      if (link.name === 'first' || link.name === 'last') {
        if (link.call)
          throw new Refusal(link.node, `.${link.name} is a property in Python: write .${link.name}`);
        current.nth = link.name === 'first' ? 0 : -1;
        continue;
      }
      if (link.name === 'nth' && link.call) {
        link.call.allow([]);
        current.nth = link.call.integer(0);
        continue;
      }
      if (link.name === 'filter' && link.call) {
        const call = link.call;
        call.allow(['has_text', 'has', 'visible'], 0);
        if (call.arguments.length > 0) throw call.refuse('filter takes has_text=, has= or visible=');
        const hasText = call.optionalText('has_text');
        if (hasText !== undefined) current.hasText = hasText;
        const has = call.keyword('has');
        if (has) current.has = this._innerLocator(has, frame);
        const visible = call.optionalBoolean('visible');
        if (visible !== undefined) {
          if (!visible) throw call.refuse('Only filter(visible=True) is supported');
          current.visible = true;
        }
        continue;
      }
      throw new Refusal(
        link.node,
        `.${link.name}${link.call ? '()' : ''} is not part of the supported Playwright subset`,
      );
    }
    if (segments.length === 0) throw new Refusal(where, 'A step needs a locator (page.get_by_…)');
    if (segments.length > 2) throw new Refusal(where, 'At most two locators may be chained');
    const last = segments[segments.length - 1];
    if (last.hasText !== undefined)
      throw new Refusal(where, 'filter(has_text=…) is supported on the outer locator of a chain only');
    const target: Target = { locator: last.locator };
    if (frame !== undefined) target.frame = frame;
    if (segments.length === 2) {
      const outer = segments[0];
      if (outer.visible)
        throw new Refusal(where, 'filter(visible=True) is supported on the inner locator only');
      target.within = outer.locator;
      if (outer.hasText !== undefined) target.withinText = outer.hasText;
      if (outer.has) target.withinHas = outer.has;
      if (outer.nth !== undefined) target.withinNth = outer.nth;
    }
    if (last.has) target.has = last.has;
    if (last.visible) target.visible = true;
    if (last.nth !== undefined) target.nth = last.nth;
    return target;
  }

  /** has=page.get_by_…(…): one locator of the same page (or frame). */
  private _innerLocator(node: SyntaxNode, frame: string | undefined): LocatorSpec {
    const { root, links } = this._chain(node);
    if (root.name !== 'VariableName' || this._text(root) !== 'page')
      throw new Refusal(node, 'has= takes a locator of the page');
    let rest = links;
    if (frame !== undefined) {
      if (rest[0]?.name !== 'frame_locator' || !rest[0].call || rest[0].call.text(0) !== frame)
        throw new Refusal(node, 'has= must use the same frame');
      rest = rest.slice(1);
    }
    const [only, ...more] = rest;
    const builder = only && LOCATORS[only.name];
    if (!builder || !only.call || more.length > 0)
      throw new Refusal(node, 'has= takes one page.get_by_…(…) locator');
    return builder(only.call);
  }

  /** Flattens a.b(…).c into its root and links. */
  private _chain(node: SyntaxNode): { root: SyntaxNode; links: Link[] } {
    const links: Link[] = [];
    let current: SyntaxNode = node;
    for (;;) {
      if (current.name === 'CallExpression') {
        const callee = current.firstChild!;
        const args = current.getChild('ArgList')!;
        if (callee.name === 'MemberExpression') {
          const property = callee.getChild('PropertyName');
          if (!property) throw new Refusal(callee, 'Indexing is not supported here');
          links.unshift({ name: this._text(property), node: current, call: new Call(this, args, current) });
          current = callee.firstChild!;
          continue;
        }
        // shown(locator): the export's helper around the locator an action takes (see SHOWN_HELPER).
        const only = args.firstChild?.nextSibling;
        if (
          callee.name === 'VariableName' &&
          this._text(callee) === REVEAL_FUNCTION &&
          links.length > 0 &&
          only &&
          only.nextSibling?.name === ')'
        ) {
          current = only;
          continue;
        }
        if (callee.name === 'VariableName') return { root: current, links };
        throw new Refusal(current, 'This call is not part of the supported Playwright subset');
      }
      if (current.name === 'MemberExpression') {
        const property = current.getChild('PropertyName');
        if (!property) throw new Refusal(current, 'Indexing is not supported here');
        links.unshift({ name: this._text(property), node: current, call: null });
        current = current.firstChild!;
        continue;
      }
      if (current.name === 'VariableName') return { root: current, links };
      if (current.name === 'ParenthesizedExpression' && current.firstChild?.nextSibling) {
        current = current.firstChild.nextSibling;
        continue;
      }
      throw new Refusal(
        current,
        `${this._text(current).slice(0, 40)} is not part of the supported Playwright subset`,
      );
    }
  }

  /** A string value: literals, {{references}}, PARAMS["name"], secret("SECRET_NAME"), joined with +. */
  value(node: SyntaxNode): string {
    switch (node.name) {
      case 'String':
        return this._literal(node);
      case 'ContinuedString':
        return node
          .getChildren('String')
          .map((part) => this._literal(part))
          .join('');
      case 'FormatString':
        if (node.firstChild) throw new Refusal(node, 'f-strings are not supported: join text with +');
        return this._literal(node);
      case 'BinaryExpression': {
        const [left, op, right] = [node.firstChild!, node.firstChild!.nextSibling!, node.lastChild!];
        if (this._text(op) !== '+') throw new Refusal(node, 'Only + may join text');
        return this.value(left) + this.value(right);
      }
      case 'ParenthesizedExpression':
        return this.value(node.firstChild!.nextSibling!);
      case 'MemberExpression': {
        const object = node.firstChild!;
        const key = node.getChild('String');
        if (object.name === 'VariableName' && this._text(object) === 'PARAMS' && key && node.getChild('['))
          return `{{${this._literal(key)}}}`;
        break;
      }
      case 'CallExpression': {
        const callee = node.firstChild!;
        if (callee.name === 'VariableName' && this._text(callee) === 'secret') {
          const call = new Call(this, node.getChild('ArgList')!, node);
          call.allow([]);
          const env = call.literal(0);
          if (!/^SECRET_[A-Z0-9_]+$/.test(env)) throw call.refuse('secret() takes "SECRET_<NAME>"');
          return `{{${this._secretName(env)}}}`;
        }
        break;
      }
    }
    throw new Refusal(node, `${this._text(node).slice(0, 60)} is not a text value this subset reads`);
  }

  private _secretName(env: string): string {
    const known = this._secretNames.find((name) => envName('SECRET', name) === env);
    return known ?? env.slice('SECRET_'.length);
  }

  /** A Python string literal's text (prefixes r, u, b; single, double and triple quotes; escapes). */
  private _literal(node: SyntaxNode): string {
    const raw = this._text(node);
    const match = /^([rRuUbBfF]*)('''|"""|'|")([\s\S]*)\2$/.exec(raw);
    if (!match) throw new Refusal(node, 'This string cannot be read');
    const prefix = match[1].toLowerCase();
    if (prefix.includes('b')) throw new Refusal(node, 'Byte strings are not supported');
    const body = match[3];
    if (prefix.includes('r')) return body;
    return body.replace(
      /\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|[0-7]{1,3}|\n|.)/g,
      (_whole, code: string) => {
        switch (code[0]) {
          case 'n':
            return '\n';
          case 't':
            return '\t';
          case 'r':
            return '\r';
          case '\n':
            return '';
          case 'u':
          case 'U':
          case 'x':
            return String.fromCodePoint(parseInt(code.slice(1), 16));
          case 'a':
            return '\x07';
          case 'b':
            return '\b';
          case 'f':
            return '\f';
          case 'v':
            return '\v';
          case '\\':
          case "'":
          case '"':
            return code;
          default:
            // Python keeps the backslash of an escape it does not know ("\d").
            return /^[0-7]+$/.test(code) ? String.fromCodePoint(parseInt(code, 8)) : `\\${code}`;
        }
      },
    );
  }

  /** A literal string only (role names, keys, options): no references. */
  literal(node: SyntaxNode): string {
    if (node.name !== 'String' && node.name !== 'ContinuedString')
      throw new Refusal(node, 'Expected a plain string');
    return this.value(node);
  }

  integer(node: SyntaxNode): number {
    const text = this._text(node).replace(/\s+/g, '');
    if (!/^-?\d+$/.test(text)) throw new Refusal(node, 'Expected a whole number');
    return Number(text);
  }

  boolean(node: SyntaxNode): boolean {
    const text = this._text(node);
    if (text !== 'True' && text !== 'False') throw new Refusal(node, 'Expected True or False');
    return text === 'True';
  }

  text(node: SyntaxNode): string {
    return this._text(node);
  }

  private _text(node: SyntaxNode): string {
    return this._source.slice(node.from, node.to);
  }

  private _detail(node: SyntaxNode, reason: string): UnsafeCodeDetail {
    const { line, column } = this._position(node.from);
    const code = this._text(node).split('\n')[0].trim();
    return { line, column, code: code.length > 120 ? `${code.slice(0, 117)}...` : code, reason };
  }

  private _position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this._lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this._lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this._lineStarts[low] + 1 };
  }
}

/** The arguments of one call: positional and keyword, read on demand. */
class Call {
  readonly arguments: SyntaxNode[] = [];
  private readonly _keywords = new Map<string, SyntaxNode>();

  constructor(
    private readonly _translator: Translator,
    argList: SyntaxNode,
    readonly node: SyntaxNode,
  ) {
    for (let child = argList.firstChild; child; child = child.nextSibling) {
      if (['(', ')', ','].includes(child.name)) continue;
      if (child.name === 'VariableName' && child.nextSibling?.name === 'AssignOp') {
        const value = child.nextSibling.nextSibling;
        if (!value) throw new Refusal(child, 'A keyword argument needs a value');
        this._keywords.set(_translator.text(child), value);
        child = value;
        continue;
      }
      if (
        child.name === '*' ||
        child.name === '**' ||
        (child.name === 'ArithOp' && ['*', '**'].includes(_translator.text(child)))
      )
        throw new Refusal(node, '*args and **kwargs are not supported');
      this.arguments.push(child);
    }
  }

  refuse(reason: string): Refusal {
    return new Refusal(this.node, reason);
  }

  /** Refuses keyword arguments other than these (timeout=, force=, …), and positional ones past `positional`. */
  allow(keywords: string[], positional = 1): void {
    if (this.arguments.length > positional) throw this.refuse('Too many arguments');
    const extra = [...this._keywords.keys()].filter((name) => !keywords.includes(name));
    if (extra.length > 0)
      throw this.refuse(`${extra.map((name) => `${name}=`).join(', ')} is not supported here`);
  }

  private _argument(index: number): SyntaxNode {
    const node = this.arguments[index];
    if (!node) throw this.refuse(`Expected argument ${index + 1}`);
    return node;
  }

  text(index: number): string {
    return this._translator.value(this._argument(index));
  }

  literal(index: number): string {
    return this._translator.literal(this._argument(index));
  }

  tryLiteral(index: number): string | undefined {
    const node = this.arguments[index];
    return node && (node.name === 'String' || node.name === 'ContinuedString')
      ? this._translator.literal(node)
      : undefined;
  }

  integer(index: number): number {
    return this._translator.integer(this._argument(index));
  }

  keyword(name: string): SyntaxNode | undefined {
    return this._keywords.get(name);
  }

  optionalText(name: string): string | undefined {
    const node = this._keywords.get(name);
    return node ? this._translator.value(node) : undefined;
  }

  optionalLiteral(name: string): string | undefined {
    const node = this._keywords.get(name);
    return node ? this._translator.literal(node) : undefined;
  }

  optionalBoolean(name: string): boolean | undefined {
    const node = this._keywords.get(name);
    return node ? this._translator.boolean(node) : undefined;
  }
}

function importReason(name: string): string {
  return DANGEROUS.has(name.split('.')[0])
    ? `Importing ${name} would reach the server: only playwright.sync_api and re may be imported`
    : `Only playwright.sync_api and re may be imported, not ${name}`;
}

function reasonForName(name: string): string {
  const base = name.split('.')[0];
  if (DANGEROUS.has(base)) return `${name} can run code or reach files on the server: it is not allowed`;
  return `${name} is not part of the supported Playwright subset (page, expect and locators only)`;
}

function normalizeLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
