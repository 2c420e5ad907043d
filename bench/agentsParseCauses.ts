// The phrasing corpus's disagreeing lines grouped by cause (issue 29), to fix the largest class first:
// `npx tsx bench/agentsParseCauses.ts [tag]` prints, per cause, how many lines and a few of them with the
// steps wanted and read. A development aid beside `npm run bench agents-parse`, which stays the figure.
// `CAUSE_IDS=even` (or `odd`) keeps only the lines whose id number is even (odd): tune on one half, and
// the other stays held out.
import fs from 'node:fs';
import path from 'node:path';
import { parseSentence } from '../server/src/agents/parse';
import { idParity } from './agentsParse';

interface Step {
  action: string;
  target?: string;
  value?: unknown;
  where?: string;
  negated?: boolean;
}
interface Line {
  id: string;
  sentence: string;
  steps: Step[];
  tags?: string[];
}

const STOP = new Set(
  `the a an of on in at to for with from by under below inside into onto within its it that this these
those my your our their his her button btn link field box icon tab menu dropdown checkbox input`.split(/\s+/),
);
const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/["'“”‘’«»`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.]$/, '');
const words = (s: unknown) => {
  const t = norm(s).match(/[\p{L}\p{N}#@£$€%+]+/gu) ?? [];
  const c = t.filter((w) => !STOP.has(w));
  return c.length ? c : t;
};
function f1(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const bag = new Map<string, number>();
  b.forEach((w) => bag.set(w, (bag.get(w) ?? 0) + 1));
  let hit = 0;
  for (const w of a)
    if ((bag.get(w) ?? 0) > 0) {
      hit++;
      bag.set(w, (bag.get(w) ?? 0) - 1);
    }
  return hit ? (2 * hit) / (a.length + b.length) : 0;
}
const FLIP: Record<string, string> = {
  assert_visible: 'assert_hidden',
  assert_hidden: 'assert_visible',
  assert_enabled: 'assert_disabled',
  assert_disabled: 'assert_enabled',
};
function canonical(steps: Step[]): Step[] {
  const out: Step[] = [];
  for (const s of steps) {
    let action = s.action;
    let negated = !!s.negated;
    if (negated && FLIP[action]) [action, negated] = [FLIP[action], false];
    if (action === 'fill_form' && s.value && typeof s.value === 'object') {
      for (const [k, v] of Object.entries(s.value))
        out.push({ action: 'fill', target: k, value: v, where: s.where });
      continue;
    }
    out.push({ ...s, action, negated });
  }
  return out;
}

const KEYS: Record<string, string> = { ctrl: 'control', esc: 'escape', return: 'enter', cmd: 'meta' };
const key = (s: unknown) =>
  String(s ?? '')
    .split('+')
    .map((p) => p.trim().toLowerCase())
    .map((p) => KEYS[p] ?? p)
    .join('+');

/** The first difference between the steps wanted and read, as a cause name. */
function cause(want: Step[], got: Step[] | null): string {
  if (got === null) return want.length ? 'refused' : 'ok';
  if (!want.length) return 'vague accepted';
  if (want.length !== got.length) {
    const w = want.map((s) => s.action).join(',');
    const g = got.map((s) => s.action).join(',');
    return `steps ${want.length} vs ${got.length}: ${w.split(',')[0] === g.split(',')[0] ? 'same first action' : `${w} ← ${g}`}`;
  }
  for (let i = 0; i < want.length; i++) {
    const [w, g] = [want[i], got[i]];
    if (w.action !== g.action) return `action ${w.action} ← ${g.action}`;
    if (!!w.negated !== !!g.negated) return `negated on ${w.action}`;
    const value =
      typeof w.value === 'object' || typeof g.value === 'object'
        ? JSON.stringify(w.value) === JSON.stringify(g.value)
        : w.action === 'drag_to'
          ? f1(words(w.value), words(g.value)) >= 0.5
          : w.action === 'press_key'
            ? key(w.value) === key(g.value)
            : norm(w.value) === norm(g.value);
    if (!value) return `value of ${w.action}`;
    const ww = [...words(w.target), ...words(w.where)];
    if (ww.length && f1(ww, [...words(g.target), ...words(g.where)]) < 0.5) return `target of ${w.action}`;
  }
  return 'ok';
}

const corpus = path.resolve(
  process.env.PHRASING_CORPUS ?? path.join(__dirname, '..', '..', 'shared', 'corpus', 'phrasing.jsonl'),
);
const tag = process.argv[2];
const lines = fs
  .readFileSync(corpus, 'utf8')
  .split('\n')
  .filter((text) => text.trim())
  .map((text) => JSON.parse(text) as Line)
  .filter((line) => !tag || line.tags?.includes(tag))
  .filter((line) => !process.env.CAUSE_IDS || idParity(line.id) === process.env.CAUSE_IDS);
const groups = new Map<string, string[]>();
for (const line of lines) {
  const reading = parseSentence(line.sentence);
  const got = 'steps' in reading ? canonical(reading.steps as Step[]) : null;
  const why = cause(canonical(line.steps), got);
  if (why === 'ok') continue;
  const shown = `${line.id} ${line.sentence}\n    want ${JSON.stringify(line.steps)}\n    got  ${
    'steps' in reading ? JSON.stringify(reading.steps) : `refused: ${reading.refused}`
  }`;
  groups.set(why, [...(groups.get(why) ?? []), shown]);
}
const limit = Number(process.env.CAUSE_SHOW ?? 3);
for (const [why, shown] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n== ${why}: ${shown.length}`);
  for (const text of shown.slice(0, limit)) console.log(`  ${text}`);
}
