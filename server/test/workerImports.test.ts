import path from 'node:path';
import { build, type Metafile } from 'esbuild';

// Issue 34: a worker process (`main.ts worker`, and each worker under `processes`) loads what
// server/src/runtime.ts imports statically; the API's code (Fastify, its plugins, the routes, the identity
// provider's password checks) comes through import() when the process has the API role. esbuild's
// metafile names each import's kind, so the static graph is read the way the bundle runs it.

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '..', '..');

/** The npm packages `entry` loads before any import() runs: its output chunk and the chunks it imports. */
async function staticPackages(entry: string): Promise<Map<string, string>> {
  // Split ESM output: each import() gets a chunk of its own, and a chunk lists only the imports it kept
  // (type-only ones are gone), so the static graph is the chunks reached by import statements.
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    outdir: path.join(ROOT, 'build', 'worker-imports-test'),
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const start = Object.keys(outputs).find((file) => outputs[file].entryPoint === entry);
  if (!start) throw new Error(`No output for ${entry}`);
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of outputs[file].imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) {
        const name = imported.path
          .split('/')
          .slice(0, imported.path.startsWith('@') ? 2 : 1)
          .join('/');
        const from = Object.keys(outputs[file].inputs).slice(-1)[0] ?? file;
        if (!packages.has(name)) packages.set(name, from);
      } else queue.push(imported.path);
    }
  }
  return packages;
}

describe('what a worker process loads', () => {
  let packages: Map<string, string>;
  beforeAll(async () => {
    packages = await staticPackages('server/src/runtime.ts');
  });

  it('loads the database and the job queue', () => {
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['pg-boss', 'drizzle-orm']));
  });

  it.each(['fastify', '@fastify/swagger', '@fastify/static', '@zxcvbn-ts/language-common', 'smtp-server'])(
    'leaves %s to the API role',
    (name) => {
      expect({ name, importedBy: packages.get(name) }).toEqual({ name, importedBy: undefined });
    },
  );
});
