import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The sentence reader's NLP library is loaded when a sentence is first read, not when the server's
// modules load (server/src/agents/sentences/nlp.ts): a process that never reads one saves its cost.
it('is not loaded with the server, and is loaded by the first sentence read', () => {
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const script = `
    const loaded = () => Object.keys(require.cache).some((file) => file.includes('/node_modules/compromise/'));
    require('./server/src/runtime');
    require('./server/src/app');
    const before = loaded();
    require('./server/src/agents/parse').parseSentence('Click the Save button');
    console.log(JSON.stringify({ before, after: loaded() }));`;
  const result = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual({ before: false, after: true });
});
