// The parser on sentences people wrote without seeing the grammar (issue 29): every line of the
// phrasing corpus read by the parse entry (no page, no browser; seconds), scored by the corpus's own
// score.mjs. Prints agreement overall and by phenomenon tag, and the share of vague lines refused.
// `PHRASING_CORPUS=<file>` scores another corpus of the same format (default ../shared/corpus/phrasing.jsonl);
// `PARSE_SHOW=<n>` prints the first n failing lines. Agreement is also given on the lines whose id number is
// even and on those whose number is odd (`phrasing_agree_even/odd`): work looks at the even lines only and
// the odd lines stay held out, so the two figures show how far the rules carry to sentences not looked at.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSentence } from '../server/src/agents/parse';
import { type Figure } from './spaBundle';

interface CorpusLine {
  id: string;
  sentence: string;
  tags?: string[];
}

export interface ScoreReport {
  exact: number;
  lines: number;
  /** Tag → lines exactly right, lines. */
  byTag: Map<string, { ok: number; n: number }>;
  text: string;
  /** Ids of the lines read exactly right. */
  agreed: Set<string>;
}

const corpusPath = () =>
  path.resolve(
    process.env.PHRASING_CORPUS ?? path.join(__dirname, '..', '..', 'shared', 'corpus', 'phrasing.jsonl'),
  );

/** Reads every line of the corpus with the parse entry: one prediction line per corpus line. */
export function predictions(lines: CorpusLine[]): string {
  return lines
    .map((line) => {
      const reading = parseSentence(line.sentence);
      return JSON.stringify({ id: line.id, steps: 'steps' in reading ? reading.steps : [] });
    })
    .join('\n');
}

/** score.mjs's output read back: its totals and its by-tag table. */
export function readScore(text: string): ScoreReport {
  const total = /lines exactly right: (\d+)\/(\d+)/.exec(text);
  const byTag = new Map<string, { ok: number; n: number }>();
  const section = text.split('\nby tag:\n')[1]?.split('\n\n')[0] ?? '';
  for (const match of section.matchAll(/^\s+(\S+)\s+(\d+)\/(\d+)/gm))
    byTag.set(match[1], { ok: Number(match[2]), n: Number(match[3]) });
  return { exact: Number(total?.[1] ?? 0), lines: Number(total?.[2] ?? 0), byTag, text, agreed: new Set() };
}

/** The ids of the failing lines score.mjs shows: a block of the id and sentence, then 'want' and 'got'. */
export function failingIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const match of text.matchAll(/^(\S+) .*\n {2}want /gm)) ids.add(match[1]);
  return ids;
}

/** The id's number is even or odd ('p042' is even); undefined for an id without a number. */
export function idParity(id: string): 'even' | 'odd' | undefined {
  const number = /(\d+)\D*$/.exec(id)?.[1];
  if (number === undefined) return undefined;
  return Number(number) % 2 === 0 ? 'even' : 'odd';
}

export function scoreCorpus(corpus = corpusPath(), show = Number(process.env.PARSE_SHOW ?? 0)): ScoreReport {
  const lines = fs
    .readFileSync(corpus, 'utf8')
    .split('\n')
    .filter((text) => text.trim())
    .map((text) => JSON.parse(text) as CorpusLine);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parse-'));
  try {
    const predicted = path.join(dir, 'predictions.jsonl');
    fs.writeFileSync(predicted, predictions(lines));
    // The corpus's scorer beside it decides; any other corpus of the same format uses the same one.
    const scorer = path.join(path.dirname(corpusPath()), 'score.mjs');
    const run = (shown: number) => {
      const result = spawnSync('node', [scorer, corpus, '--pred', predicted, '--show', String(shown)], {
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`score.mjs failed: ${result.stderr}`);
      return result.stdout;
    };
    // score.mjs names the lines it disagrees on only when it shows them: every one, to know the rest.
    const failing = failingIds(run(lines.length));
    const report = readScore(run(show));
    return { ...report, agreed: new Set(lines.map((line) => line.id).filter((id) => !failing.has(id))) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function measureAgentsParse(): Figure[] {
  const corpus = corpusPath();
  if (!fs.existsSync(corpus)) {
    console.error(`agents-parse: no phrasing corpus at ${corpus} (set PHRASING_CORPUS)`);
    return [];
  }
  const report = scoreCorpus(corpus);
  console.error(report.text.trimEnd());
  const bench = 'agents-parse';
  const figures: Figure[] = [
    {
      bench,
      metric: 'phrasing_lines_agree',
      value: round(report.exact / Math.max(1, report.lines)),
      unit: 'ratio',
      target: '>= 0.9',
    },
  ];
  const ids = fs
    .readFileSync(corpus, 'utf8')
    .split('\n')
    .filter((text) => text.trim())
    .map((text) => (JSON.parse(text) as CorpusLine).id);
  for (const parity of ['even', 'odd'] as const) {
    const part = ids.filter((id) => idParity(id) === parity);
    if (!part.length) continue;
    const agreed = part.filter((id) => report.agreed.has(id)).length;
    console.error(`${parity} lines exactly right: ${agreed}/${part.length}`);
    figures.push({
      bench,
      metric: `phrasing_agree_${parity}`,
      value: round(agreed / part.length),
      unit: 'ratio',
    });
  }
  const vague = report.byTag.get('vague');
  if (vague)
    figures.push({
      bench,
      metric: 'phrasing_vague_refused',
      value: round(vague.ok / Math.max(1, vague.n)),
      unit: 'ratio',
      target: '>= 0.9',
    });
  for (const [tag, { ok, n }] of [...report.byTag].sort(([a], [b]) => a.localeCompare(b)))
    if (tag !== 'vague')
      figures.push({
        bench,
        metric: `phrasing_agree_${tag}`,
        value: round(ok / Math.max(1, n)),
        unit: 'ratio',
      });
  return figures;
}
