/** A name the instructions can refer to as {{NAME}}: a test's variable or one of its suite's secrets. */
export interface ParameterName {
  name: string;
  kind: 'variable' | 'secret';
}

/** An open `{{` before the cursor: where it starts and what was typed after it. */
export interface OpenPlaceholder {
  /** Offset in the text of the `{{`. */
  start: number;
  query: string;
}

// NOTE: the same letters as contract/testCases.ts isSimpleName, so whatever a name may hold completes.
const OPEN_PLACEHOLDER = /\{\{([\p{L}\p{N}_]*)$/u;

/** The `{{name` the text before the cursor ends with, if any. */
export function openPlaceholder(textBefore: string): OpenPlaceholder | null {
  const match = OPEN_PLACEHOLDER.exec(textBefore);
  return match ? { start: match.index, query: match[1] } : null;
}

/** Names that start with the query first, then names that contain it; variables before secrets. */
export function matchingNames(names: readonly ParameterName[], query: string, limit = 50): ParameterName[] {
  const lower = query.toLowerCase();
  const seen = new Set<string>();
  const unique = names.filter(({ name }) => !seen.has(name) && seen.add(name));
  const rank = ({ name, kind }: ParameterName) =>
    (name.toLowerCase().startsWith(lower) ? 0 : 2) + (kind === 'variable' ? 0 : 1);
  return unique
    .filter(({ name }) => name.toLowerCase().includes(lower))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .slice(0, limit);
}
