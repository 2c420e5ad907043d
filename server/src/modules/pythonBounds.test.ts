import { MODULE_LIMITS } from '../../../contract/modules';
import { translatePythonScript } from './python';
import { MAX_SCRIPT_NESTING, scriptBoundsRefusal } from './pythonBounds';

const goto = (inner: string) => `page.goto(${inner})\n`;
const brackets = (depth: number) => '('.repeat(depth) + '"https://a.example"' + ')'.repeat(depth);
const TOO_DEEP = `This nests more than ${MAX_SCRIPT_NESTING} levels deep (brackets, f-strings or operators in a row): write it flatter`;

describe('scriptBoundsRefusal', () => {
  it.each([
    ['brackets as deep as allowed', goto(brackets(MAX_SCRIPT_NESTING - 1))],
    ['brackets inside strings, which nest nothing', goto(`"${'(['.repeat(500)}"`)],
    ['brackets inside comments', `# ${'('.repeat(500)}\n${goto('"https://a.example"')}`],
    [
      'closing brackets in a string that cannot hide real ones',
      goto(`"${')'.repeat(40)}" + ${brackets(10)}`),
    ],
    ['a triple-quoted docstring full of brackets', `"""${'{'.repeat(100)}\n"""\n${goto('"x"')}`],
    ['a raw string ending in an escaped quote', goto(String.raw`r"\"((((" + "a"`)],
    ['subtractions in a row, which are not prefix operators', `x = ${'1 - '.repeat(100)}1\n`],
  ])('lets through %s', (_name, script) => {
    expect(scriptBoundsRefusal(script)).toBeNull();
  });

  it.each([
    ['brackets one level too deep', goto(brackets(MAX_SCRIPT_NESTING))],
    ['a script of nothing but open brackets', '('.repeat(50_000)],
    ['nested f-strings', `x = ${"f'{".repeat(40)}1${"}'".repeat(40)}`],
    ['brackets inside an f-string', goto(`f"{${'('.repeat(40)}1${')'.repeat(40)}}"`)],
    ['prefix minus signs in a row', `x = ${'-'.repeat(40)}1\n`],
    ['`not` in a row', `x = ${'not '.repeat(40)}1\n`],
    [
      'brackets behind strings that close more than they open',
      goto(`${'( ")))" + '.repeat(40)}"a"${')'.repeat(40)}`),
    ],
  ])('refuses %s', (_name, script) => {
    expect(scriptBoundsRefusal(script)?.reason).toBe(TOO_DEEP);
  });

  it('refuses a script over the size limit before reading it', () => {
    const script = goto('"https://a.example"').repeat(Math.ceil(MODULE_LIMITS.script / 30));
    expect(scriptBoundsRefusal(script)).toEqual({
      at: 0,
      reason: `Scripts must be at most ${MODULE_LIMITS.script} characters`,
    });
  });
});

describe('translatePythonScript within bounds', () => {
  it('names the line and column where a script nests too deeply', () => {
    const script = `page.goto("https://a.example")\npage.goto(${'('.repeat(60)}`;
    expect(translatePythonScript(script)).toEqual({
      ok: false,
      errors: [
        {
          line: 2,
          column: 10 + MAX_SCRIPT_NESTING,
          code: '('.repeat(60 - MAX_SCRIPT_NESTING + 1),
          reason: TOO_DEEP,
        },
      ],
    });
  });
});
