// Prints the server test suites whose database follows TEST_DATABASE_URL: those that read it, or reach
// server/test/helpers.ts (which does) through their relative imports. The others (the runner, the agents'
// matching rules, PGlite's own tests) run the same whatever the variable says, so CI's second run, on a
// real Postgres, leaves them out, and the few named below whose subject is not the database. Usage: node scripts/database-suites.mjs [--check]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELPERS = path.join(ROOT, 'server/test/helpers.ts');
const IMPORT = /(?:from|import|require\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function suites(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : suites(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

// Only a yes is remembered: a no found while a cycle was cut short may not be final.
const reaches = new Set();
function followsDatabaseUrl(file, seen) {
  if (reaches.has(file)) return true;
  if (file === HELPERS) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  let found = text.includes('TEST_DATABASE_URL');
  for (const match of text.matchAll(IMPORT)) {
    if (found) break;
    const target = resolveImport(file, match[1]);
    if (target) found = followsDatabaseUrl(target, seen);
  }
  if (found) reaches.add(file);
  return found;
}

// Suites that reach the helpers, but whose subject is not the database: run on the embedded one only.
const NOT_ABOUT_THE_DATABASE = new Map([
  // The agents' acceptance corpus (~50 generations, 2.5 min): what it stores goes through the calls that
  // generationApi, generationJobs and generationLive run on Postgres.
  ['server/test/generationCorpus.test.ts', 'the agents on fixture sites'],
]);

const all = ['server', 'fixtures'].flatMap((dir) => suites(path.join(ROOT, dir))).sort();
const chosen = all.filter(
  (file) => !NOT_ABOUT_THE_DATABASE.has(path.relative(ROOT, file)) && followsDatabaseUrl(file, new Set()),
);
if (process.argv.includes('--check')) {
  const left = all.filter((file) => !chosen.includes(file));
  console.log(`${chosen.length} of ${all.length} server suites run again on Postgres; left out:`);
  for (const file of left) console.log(`  ${path.relative(ROOT, file)}`);
} else {
  for (const file of chosen) console.log(path.relative(ROOT, file));
}
