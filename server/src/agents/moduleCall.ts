// 'Use the "Sign in as admin" module' (issue 13): a plan step that calls a module of the suite. It is
// recorded as a `module` action without a model call; runs expand it into the module's steps.

const QUOTED = /^\s*use\s+(?:the\s+)?["“'‘](.+?)["”'’]\s+module\s*[.!]?\s*$/i;
const BARE = /^\s*use\s+(?:the\s+)?(.+?)\s+module\s*[.!]?\s*$/i;

/** The module a step names, or null when the step is not a module call. */
export function moduleCallName(text: string): string | null {
  const plain = text.replace(/\s+/g, ' ');
  const match = QUOTED.exec(plain) ?? BARE.exec(plain);
  const name = match?.[1]?.trim();
  // 'Use the module', 'Use a module': no name.
  return name && !/^(?:the|a|an|this|that|its)$/i.test(name) ? name : null;
}

/** The suite's module of that name (case-insensitive), or a sentence naming the modules there are. */
export function findModule<T extends { id: string; name: string }>(
  modules: T[],
  name: string,
): { ok: true; module: T } | { ok: false; message: string } {
  const wanted = name.trim().toLowerCase();
  const found = modules.find((module) => module.name.trim().toLowerCase() === wanted);
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
