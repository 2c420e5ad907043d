import { type Action, type Assertion, type LocatorSpec, type Target, isAction } from '../runner';

// A person may correct a step with one Playwright Python statement. It is read into a structured
// action by this small parser (a whitelist of calls), never run as code.

type Value = string | number | boolean | null;
interface Call {
  name: string;
  args: Value[];
  kwargs: Record<string, Value>;
}
/** A chain like page.get_by_role("button", name="Save").click(), or expect(<chain>).to_be_visible(). */
interface Chain {
  root: 'page' | 'expect';
  inner: Chain | null;
  links: (Call | { name: string })[];
}

export class PythonCodeError extends Error {
  override name = 'PythonCodeError';
}

type Token = { kind: 'name' | 'string' | 'number' | 'punct'; value: string };

function tokenizePython(code: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < code.length) {
    const char = code[i];
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(code.slice(i))![0];
      // String prefixes (r"…", u"…") belong to the string that follows.
      if (/^[rRuU]$/.test(match) && (code[i + 1] === '"' || code[i + 1] === "'")) {
        i++;
        continue;
      }
      tokens.push({ kind: 'name', value: match });
      i += match.length;
      continue;
    }
    if (/[0-9-]/.test(char) && /^-?\d+/.test(code.slice(i))) {
      const match = /^-?\d+/.exec(code.slice(i))![0];
      tokens.push({ kind: 'number', value: match });
      i += match.length;
      continue;
    }
    if (char === '"' || char === "'") {
      const raw = code[i - 1] === 'r' || code[i - 1] === 'R';
      let j = i + 1;
      let value = '';
      while (j < code.length && code[j] !== char) {
        if (code[j] === '\\' && !raw && j + 1 < code.length) {
          const next = code[j + 1];
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          j += 2;
        } else value += code[j++];
      }
      if (j >= code.length) throw new PythonCodeError('A string is not closed');
      tokens.push({ kind: 'string', value });
      i = j + 1;
      continue;
    }
    if ('.(),='.includes(char)) {
      tokens.push({ kind: 'punct', value: char });
      i++;
      continue;
    }
    throw new PythonCodeError(`Unexpected "${char}"`);
  }
  return tokens;
}

class Parser {
  private _at = 0;
  constructor(private readonly _tokens: Token[]) {}

  chain(): Chain {
    const head = this._take('name');
    let chain: Chain;
    if (head.value === 'expect') {
      this._punct('(');
      const inner = this.chain();
      this._punct(')');
      chain = { root: 'expect', inner, links: [] };
    } else if (head.value === 'page') chain = { root: 'page', inner: null, links: [] };
    else throw new PythonCodeError(`Statements start with page or expect, not ${head.value}`);
    while (this._peek('.')) {
      this._punct('.');
      const name = this._take('name').value;
      if (this._peek('(')) chain.links.push({ name, ...this._arguments() });
      else chain.links.push({ name });
    }
    return chain;
  }

  end() {
    if (this._at < this._tokens.length)
      throw new PythonCodeError(`Unexpected "${this._tokens[this._at].value}" at the end`);
  }

  private _arguments(): { args: Value[]; kwargs: Record<string, Value> } {
    this._punct('(');
    const args: Value[] = [];
    const kwargs: Record<string, Value> = {};
    while (!this._peek(')')) {
      const token = this._tokens[this._at];
      if (token?.kind === 'name' && this._tokens[this._at + 1]?.value === '=') {
        this._at += 2;
        kwargs[token.value] = this._value();
      } else args.push(this._value());
      if (!this._peek(')')) this._punct(',');
    }
    this._punct(')');
    return { args, kwargs };
  }

  private _value(): Value {
    const token = this._tokens[this._at++];
    if (!token) throw new PythonCodeError('The statement ends too early');
    if (token.kind === 'string') return token.value;
    if (token.kind === 'number') return Number(token.value);
    if (token.kind === 'name' && token.value === 'True') return true;
    if (token.kind === 'name' && token.value === 'False') return false;
    if (token.kind === 'name' && token.value === 'None') return null;
    // re.compile("…") stands for "contains"; its pattern is read as plain text.
    if (token.kind === 'name' && token.value === 're') {
      this._punct('.');
      const name = this._take('name').value;
      if (name !== 'compile') throw new PythonCodeError('Only re.compile(...) is understood');
      const { args } = this._arguments();
      return typeof args[0] === 'string' ? `re:${args[0]}` : null;
    }
    throw new PythonCodeError(`"${token.value}" is not a value`);
  }

  private _take(kind: Token['kind']): Token {
    const token = this._tokens[this._at++];
    if (!token || token.kind !== kind)
      throw new PythonCodeError(`Expected a ${kind} near "${token?.value ?? 'the end'}"`);
    return token;
  }

  private _peek(value: string): boolean {
    return this._tokens[this._at]?.value === value && this._tokens[this._at]?.kind === 'punct';
  }

  private _punct(value: string) {
    const token = this._tokens[this._at++];
    if (!token || token.value !== value)
      throw new PythonCodeError(`Expected "${value}" near "${token?.value ?? 'the end'}"`);
  }
}

const str = (value: Value, what: string): string => {
  if (typeof value !== 'string') throw new PythonCodeError(`${what} must be a string`);
  return value;
};

function toTarget(links: Chain['links']): { target: Target; rest: Chain['links'] } {
  let locator: LocatorSpec | null = null;
  let within: LocatorSpec | undefined;
  let nth: number | undefined;
  let visible: boolean | undefined;
  let index = 0;
  for (; index < links.length; index++) {
    const link = links[index];
    const call = 'args' in link ? link : null;
    const exact = call?.kwargs.exact === true ? { exact: true } : {};
    let next: LocatorSpec | null = null;
    switch (link.name) {
      case 'get_by_role':
        next = {
          by: 'role',
          role: str(call!.args[0], 'The role'),
          ...(typeof call!.kwargs.name === 'string' ? { name: call!.kwargs.name } : {}),
          ...exact,
        };
        break;
      case 'get_by_label':
        next = { by: 'label', text: str(call!.args[0], 'The label'), ...exact };
        break;
      case 'get_by_placeholder':
        next = { by: 'placeholder', text: str(call!.args[0], 'The placeholder'), ...exact };
        break;
      case 'get_by_text':
        next = { by: 'text', text: str(call!.args[0], 'The text'), ...exact };
        break;
      case 'get_by_test_id':
        next = { by: 'testId', testId: str(call!.args[0], 'The test id') };
        break;
      case 'locator':
        next = { by: 'css', selector: str(call!.args[0], 'The selector') };
        break;
      case 'nth':
        nth = Number(call!.args[0]);
        continue;
      case 'first':
        nth = 0;
        continue;
      case 'last':
        nth = -1;
        continue;
      case 'filter':
        if (call?.kwargs.visible === true) visible = true;
        else throw new PythonCodeError('Only filter(visible=True) is understood');
        continue;
      default:
        if (!locator) throw new PythonCodeError(`page.${link.name} is not understood`);
        return { target: build(), rest: links.slice(index) };
    }
    if (locator && within) throw new PythonCodeError('At most two chained locators are understood');
    if (locator) within = locator;
    locator = next;
  }
  if (!locator) throw new PythonCodeError('No locator was found');
  return { target: build(), rest: [] };

  function build(): Target {
    return {
      locator: locator!,
      ...(within ? { within } : {}),
      ...(visible ? { visible } : {}),
      ...(nth !== undefined ? { nth } : {}),
    };
  }
}

/** One Playwright Python statement → an action; throws PythonCodeError saying what it could not read. */
export function parsePythonStatement(code: string): Action {
  const line = code.trim().replace(/;$/, '');
  if (!line) throw new PythonCodeError('The statement is empty');
  if (line.includes('\n')) throw new PythonCodeError('Give one statement');
  const parser = new Parser(tokenizePython(line));
  const chain = parser.chain();
  parser.end();
  const action = chain.root === 'expect' ? expectation(chain) : pageAction(chain.links);
  if (!isAction(action)) throw new PythonCodeError('The statement does not make a valid action');
  return action;
}

function pageAction(links: Chain['links']): Action {
  const first = links[0];
  const call = (link: Chain['links'][number] | undefined) => (link && 'args' in link ? link : null);
  switch (first?.name) {
    case 'goto':
      return { kind: 'goto', url: str(call(first)!.args[0], 'The address') };
    case 'go_back':
      return { kind: 'goBack' };
    case 'reload':
      return { kind: 'reload' };
    case 'wait_for_timeout':
      return { kind: 'wait', ms: Number(call(first)!.args[0]) };
    case 'keyboard': {
      const method = call(links[1]);
      if (method?.name === 'press') return { kind: 'press', key: str(method.args[0], 'The key') };
      if (method?.name === 'type') return { kind: 'type', value: str(method.args[0], 'The text') };
      throw new PythonCodeError('Only keyboard.press and keyboard.type are understood');
    }
  }
  const { target, rest } = toTarget(links);
  const method = call(rest[0]);
  if (!method || rest.length !== 1)
    throw new PythonCodeError('End the statement with one action, e.g. .click()');
  switch (method.name) {
    case 'click':
      return method.kwargs.button === 'right'
        ? { kind: 'click', target, button: 'right' }
        : { kind: 'click', target };
    case 'dblclick':
      return { kind: 'click', target, clickCount: 2 };
    case 'fill':
      return { kind: 'fill', target, value: str(method.args[0], 'The value') };
    case 'select_option':
      return {
        kind: 'select',
        target,
        value: str(method.args[0] ?? method.kwargs.label ?? method.kwargs.value, 'The option'),
      };
    case 'check':
      return { kind: 'check', target };
    case 'uncheck':
      return { kind: 'uncheck', target };
    case 'hover':
      return { kind: 'hover', target };
    case 'press':
      return { kind: 'press', key: str(method.args[0], 'The key'), target };
    case 'scroll_into_view_if_needed':
      return { kind: 'scrollTo', target };
    default:
      throw new PythonCodeError(`.${method.name}() is not understood`);
  }
}

function expectation(chain: Chain): Action {
  const inner = chain.inner!;
  const matcher = chain.links[0] && 'args' in chain.links[0] ? chain.links[0] : null;
  if (!matcher || chain.links.length !== 1)
    throw new PythonCodeError('Give one matcher, e.g. expect(...).to_be_visible()');
  const arg = matcher.args[0] ?? null;
  const expect = (assert: Assertion): Action => ({ kind: 'expect', assert });
  if (inner.root === 'page' && inner.links.length === 0) {
    const text = str(arg, 'The expected value');
    const contains = text.startsWith('re:');
    const value = contains ? text.slice(3).replace(/\\(.)/g, '$1') : text;
    if (matcher.name === 'to_have_url')
      return expect({ type: 'url', value, match: contains ? 'contains' : 'equals' });
    if (matcher.name === 'to_have_title')
      return expect({ type: 'title', value, match: contains ? 'contains' : 'equals' });
    throw new PythonCodeError(`expect(page).${matcher.name}() is not understood`);
  }
  const { target, rest } = toTarget(inner.links);
  if (rest.length > 0) throw new PythonCodeError('expect(...) takes a locator');
  switch (matcher.name) {
    case 'to_be_visible':
      return expect({ type: 'visible', target });
    case 'to_be_hidden':
    case 'not_to_be_visible':
      return expect({ type: 'visible', target, negate: true });
    case 'to_have_text':
    case 'to_contain_text':
      return expect({ type: 'text', target, value: str(arg, 'The expected text') });
    case 'not_to_contain_text':
    case 'not_to_have_text':
      return expect({ type: 'text', target, value: str(arg, 'The text'), negate: true });
    case 'to_have_value':
      return expect({ type: 'value', target, value: str(arg, 'The expected value') });
    case 'to_be_checked':
      return expect({ type: 'checked', target, checked: matcher.kwargs.checked !== false });
    case 'not_to_be_checked':
      return expect({ type: 'checked', target, checked: false });
    case 'to_be_enabled':
      return expect({ type: 'enabled', target, enabled: true });
    case 'to_be_disabled':
      return expect({ type: 'enabled', target, enabled: false });
    case 'to_have_count':
      return expect({ type: 'count', target, count: Number(arg) });
    default:
      throw new PythonCodeError(`.${matcher.name}() is not understood`);
  }
}
