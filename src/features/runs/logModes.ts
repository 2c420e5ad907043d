import { StreamLanguage, type StreamParser } from '@codemirror/language';
import { Tag, tagHighlighter } from '@lezer/highlight';
import { LOG_LINE } from '../../../contract/runs';
import { lineLevel, type LineLevel, type LogMode } from './logLevels';

// The log viewer's two CodeMirror modes (SPEC §1), as stream languages: every line is one token of
// its level (with the time and level word of a run.log line as tokens of their own), so a line's
// colour comes from the editor's highlighter like any language's.

export const logTags = {
  error: Tag.define(),
  warning: Tag.define(),
  info: Tag.define(),
  success: Tag.define(),
  time: Tag.define(),
  levelWord: Tag.define(),
} as const;

/** The classes a coloured line's text gets: `cm-log-<level>` (and `cm-log-time`, `cm-log-level-word`). */
export const logHighlighter = tagHighlighter([
  { tag: logTags.error, class: 'cm-log-error' },
  { tag: logTags.warning, class: 'cm-log-warning' },
  { tag: logTags.info, class: 'cm-log-info' },
  { tag: logTags.success, class: 'cm-log-success' },
  { tag: logTags.time, class: 'cm-log-time' },
  { tag: logTags.levelWord, class: 'cm-log-level-word' },
]);

interface LogState {
  /** The level of the line being read, set at its start (blank lines keep the one before). */
  level: LineLevel | null;
  /** For a run.log line: 0 time next, 1 level word next, 2 the rest. */
  part: 0 | 1 | 2 | null;
}

const levelToken = (level: LineLevel | null) => (level ? `log-${level}` : null);

function parser(mode: LogMode): StreamParser<LogState> {
  return {
    name: mode,
    startState: () => ({ level: null, part: null }),
    token(stream, state) {
      if (stream.sol()) {
        if (!stream.string.trim()) {
          stream.skipToEnd();
          return null;
        }
        state.level = lineLevel(stream.string, mode, /* previous */ state.level);
        state.part = LOG_LINE.test(stream.string) ? 0 : null;
      }
      if (state.part === 0) {
        stream.match(/^\S+/);
        state.part = 1;
        return 'log-time';
      }
      if (state.part === 1) {
        if (stream.eatSpace()) return null;
        stream.match(/^\S+/);
        state.part = 2;
        return `${levelToken(state.level)} log-level-word`;
      }
      stream.skipToEnd();
      return levelToken(state.level);
    },
    tokenTable: {
      'log-error': logTags.error,
      'log-warning': logTags.warning,
      'log-info': logTags.info,
      'log-success': logTags.success,
      'log-time': logTags.time,
      'log-level-word': logTags.levelWord,
    },
  };
}

/** `fclog` and `log`, by name. */
export const logLanguages: Record<LogMode, StreamLanguage<LogState>> = {
  fclog: StreamLanguage.define(parser('fclog')),
  log: StreamLanguage.define(parser('log')),
};
