// 'Use the "Sign in as admin" module' (issue 13): a plan step that calls a module of the suite. It is
// recorded as a `module` action without a model call; runs expand it into the module's steps.

const QUOTE_OPEN = `["“'‘]`;
const QUOTE_CLOSE = `["”'’]`;
const NAME = `(?:${QUOTE_OPEN}(.+?)${QUOTE_CLOSE}|(.+?))`;
const CALL_VERB = '(?:use|run|call|execute|apply|invoke|perform|do)';
// The words after the module that give it something to work with: 'with the QA account', 'as admin'.
const ARGUMENT = String.raw`(?:\s*,?\s+(?:with|as|for|using|passing|on|about)\s+(.+?))?`;
const END = String.raw`\s*[.!]?\s*$`;

// 'Use the "Sign in" module', 'Run the create demo company module with Dr. Patel'.
const CALL = new RegExp(
  String.raw`^\s*${CALL_VERB}\s+(?:the\s+|our\s+|my\s+)?${NAME}\s+module${ARGUMENT}${END}`,
  'i',
);
// 'Run module "Checkout" for 2 items'.
const MODULE_FIRST = new RegExp(
  String.raw`^\s*${CALL_VERB}\s+(?:the\s+)?module\s+${QUOTE_OPEN}(.+?)${QUOTE_CLOSE}()${ARGUMENT}${END}`,
  'i',
);
// 'Log in with the login module as admin', 'Create a company through the "demo data" module'.
const THROUGH = new RegExp(
  String.raw`^\s*[a-z][\w -]*?\s+(?:with|using|via|through|by)\s+(?:the\s+)?${NAME}\s+module${ARGUMENT}${END}`,
  'i',
);

export interface ModuleCall {
  name: string;
  /** What the sentence gives the module ('admin', 'the QA account'), if anything. */
  argument?: string;
}

/** The module a step calls and what it gives it, or null when the step is not a module call. */
export function moduleCall(text: string): ModuleCall | null {
  const plain = text.replace(/\s+/g, ' ');
  for (const pattern of [CALL, MODULE_FIRST, THROUGH]) {
    const match = pattern.exec(plain);
    const name = (match?.[1] ?? match?.[2])?.trim();
    // 'Use the module', 'Use a module': no name.
    if (!match || !name || /^(?:the|a|an|this|that|its)$/i.test(name)) continue;
    const argument = match[3]?.trim().replace(/^["“'‘](.+)["”'’]$/, '$1');
    return argument ? { name, argument } : { name };
  }
  return null;
}

/** The module a step names, or null when the step is not a module call. */
export function moduleCallName(text: string): string | null {
  return moduleCall(text)?.name ?? null;
}

/**
 * The suite's module of that name (case-insensitive), or a sentence naming the modules there are. With
 * an argument ('as admin'), the module named for it ('login as admin', 'login admin'): a module takes no
 * values, so one that would run without it is refused rather than run for someone else.
 */
export function findModule<T extends { id: string; name: string }>(
  modules: T[],
  name: string,
  argument?: string,
): { ok: true; module: T } | { ok: false; message: string } {
  const named = (wanted: string) =>
    modules.find((module) => module.name.trim().toLowerCase() === wanted.trim().toLowerCase());
  if (argument) {
    for (const joiner of [' as ', ' with ', ' for ', ' ']) {
      const found = named(`${name}${joiner}${argument}`);
      if (found) return { ok: true, module: found };
    }
    if (named(name))
      return {
        ok: false,
        message: `The module "${named(name)?.name}" takes no values, so "${argument}" cannot be given to it: record a module for that value (e.g. "${name} as ${argument}") and call it, or write the steps.`,
      };
  }
  const found = named(name);
  if (found) return { ok: true, module: found };
  const known = modules.map((module) => `"${module.name}"`);
  return {
    ok: false,
    message:
      known.length === 0
        ? `There is no module named "${name}": this project has no modules yet.`
        : `There is no module named "${name}" in this project. Its modules are: ${known.join(', ')}.`,
  };
}
