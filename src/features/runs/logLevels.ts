import { parseLogLine } from '../../../contract/runs';

// SPEC §1: the log viewer colours lines by level (error, info, warning, success) in two modes:
// `log`, our run.log (`<ISO time> <LEVEL> <source>: <message>`, contract/runs.ts), and `fclog`,
// free-form logs (console output, pasted logs) where the level is a word on the line.

export type LogMode = 'fclog' | 'log';
export type LineLevel = 'error' | 'warning' | 'info' | 'success';
export const LOG_MODES: readonly LogMode[] = ['fclog', 'log'];

const LEVEL_OF_WORD: Record<string, LineLevel> = {
  ERROR: 'error',
  WARNING: 'warning',
  INFO: 'info',
  SUCCESS: 'success',
};

// Free-form words, strongest first: a line that says "error" and "ok" is an error line.
const FREE_FORM: readonly [LineLevel, RegExp][] = [
  ['error', /\b(?:error|err|fatal|failed|failure|fail|exception|uncaught)\b|✗|✘/i],
  ['warning', /\b(?:warning|warn|deprecated)\b|⚠/i],
  ['success', /\b(?:success|succeeded|passed|pass|ok|done)\b|✓|✔/i],
  ['info', /\b(?:info|debug|trace|notice)\b/i],
];

/**
 * The level a line is coloured with. A line with no level of its own (a stack trace under an error,
 * a wrapped message) continues the line before it.
 */
export function lineLevel(line: string, mode: LogMode, previous: LineLevel | null = null): LineLevel | null {
  const parsed = parseLogLine(line);
  if (parsed) return LEVEL_OF_WORD[parsed.level];
  if (!line.trim()) return null;
  if (mode === 'log') return /^\s/.test(line) ? previous : null;
  for (const [level, pattern] of FREE_FORM) if (pattern.test(line)) return level;
  return /^\s/.test(line) ? previous : null;
}

/** Every line's level, in order. */
export function lineLevels(text: string, mode: LogMode): (LineLevel | null)[] {
  let previous: LineLevel | null = null;
  return text.split('\n').map((line) => {
    const level = lineLevel(line, mode, previous);
    if (level || line.trim()) previous = level;
    return level;
  });
}

/** The mode that fits a log: `log` when most of its lines are ours, else `fclog`. */
export function detectLogMode(text: string): LogMode {
  const lines = text.split('\n').filter((line) => line.trim());
  if (lines.length === 0) return 'log';
  const ours = lines.filter((line) => parseLogLine(line) !== null).length;
  return ours * 2 >= lines.length ? 'log' : 'fclog';
}

/** How many lines of each level, for the viewer's summary. */
export function countLevels(text: string, mode: LogMode): Record<LineLevel, number> {
  const counts: Record<LineLevel, number> = { error: 0, warning: 0, info: 0, success: 0 };
  for (const level of lineLevels(text, mode)) if (level) counts[level] += 1;
  return counts;
}
