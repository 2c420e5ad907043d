import { countLevels, detectLogMode, lineLevel, lineLevels } from './logLevels';

const RUN_LOG = [
  '2026-01-02T10:00:00.120Z INFO run: Run 1b2c of "Sign in" (5 steps) on http://127.0.0.1:4400/login/',
  '2026-01-02T10:00:00.480Z SUCCESS step: 1. Open http://127.0.0.1:4400/login/ (312 ms)',
  '2026-01-02T10:00:00.700Z ERROR console: Uncaught TypeError: x is undefined (app.js:12)',
  '    at render (app.js:12:5)',
  '2026-01-02T10:00:00.705Z WARNING network: 404 GET http://127.0.0.1:4400/login/favicon.ico',
  'a stray line that says error',
].join('\n');

describe('log line levels', () => {
  it('reads the level of run.log lines in the log mode, continuing indented lines', () => {
    expect(lineLevels(RUN_LOG, 'log')).toEqual(['info', 'success', 'error', 'error', 'warning', null]);
  });

  it('finds the level word on free-form lines in the fclog mode, strongest first', () => {
    expect(lineLevel('[WARN] cache is cold', 'fclog')).toBe('warning');
    expect(lineLevel('Build failed: 2 errors', 'fclog')).toBe('error');
    expect(lineLevel('✓ 12 tests passed', 'fclog')).toBe('success');
    expect(lineLevel('info: listening on :3000', 'fclog')).toBe('info');
    expect(lineLevel('request ok but with error', 'fclog')).toBe('error');
    expect(lineLevel('plain words', 'fclog')).toBeNull();
    // Our own lines read the same in both modes.
    expect(lineLevels(RUN_LOG, 'fclog')).toEqual(['info', 'success', 'error', 'error', 'warning', 'error']);
  });

  it('picks the log mode for run.log and fclog for anything else, and counts lines per level', () => {
    expect(detectLogMode(RUN_LOG)).toBe('log');
    expect(detectLogMode('npm ERR! missing script\nnpm ERR! see log')).toBe('fclog');
    expect(countLevels(RUN_LOG, 'log')).toEqual({ error: 2, warning: 1, info: 1, success: 1 });
  });
});
