import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Issue 34: the SPA's first chunk is what src/main.tsx imports statically (every route and heavy viewer
// comes through import()). This walks that graph the way webpack does, without a build, and names the
// packages in it: schema libraries and editors belong to the routes that use them.

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['', ...EXTENSIONS]
    .map((ext) => base + ext)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  if (!found) throw new Error(`Cannot resolve ${specifier} from ${from}`);
  return found;
}

/** The modules an import or re-export brings at run time: type-only ones are erased by the compiler. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) return [];
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0
          ? bindings.elements.every((element) => element.isTypeOnly)
          : false;
      return onlyTypes ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly))
        return [];
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    return [];
  });
}

function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) queue.push(resolveLocal(file, specifier));
      else {
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/');
        if (!packages.has(name)) packages.set(name, path.relative(path.resolve(__dirname, '../..'), file));
      }
    }
  }
  return { files, packages };
}

describe('the SPA first chunk', () => {
  const { files, packages } = staticGraph(path.resolve(__dirname, '../main.tsx'));

  it('reaches the router, the store and the auth client without loading a route', () => {
    expect([...packages.keys()]).toEqual(
      expect.arrayContaining(['react-router', '@reduxjs/toolkit', '@supabase/supabase-js']),
    );
    expect(
      [...files].some((file) => file.includes(`${path.sep}routes${path.sep}`) && file.endsWith('Route.tsx')),
    ).toBe(false);
  });

  it.each(['@sinclair/typebox', 'yup', 'formik', '@codemirror/view', '@tiptap/react', '@mui/x-charts'])(
    'leaves %s to the routes that use it',
    (name) => {
      expect({ name, importedBy: packages.get(name) }).toEqual({ name, importedBy: undefined });
    },
  );
});
