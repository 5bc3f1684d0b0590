/**
 * Which modules request code loads (issue 12): the operations and the rules never reach the
 * scenario builder or the filler libraries (faker, json-schema-faker), and the rules import
 * neither Hono, lowdb nor the HTTP error catalogue. Walks the value imports of the sources
 * (type-only imports load nothing). And no operation, rule or HTTP module names the runtime,
 * not even as a type: handlers see the narrow HandlerContext.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The value imports of one file: relative ones resolved to paths, packages by name. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings;
      const allTypes = named && ts.isNamedImports(named) && !node.importClause?.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!allTypes) spec = node.moduleSpecifier;
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) spec = node.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    out.push(spec.text.startsWith('.') ? resolve(dirname(file), spec.text) : spec.text);
  }
  return out;
}

/** Every module reachable from `entries` (relative paths from the repository, or package names). */
function reachable(...entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = entries.map((e) => join(ROOT, e));
  while (todo.length) {
    const next = todo.pop()!;
    const name = next.startsWith('/') ? relative(ROOT, next) : next;
    if (seen.has(name)) continue;
    seen.add(name);
    if (next.startsWith('/')) todo.push(...importsOf(next));
  }
  return seen;
}

describe('module graph', () => {
  it('operations load neither the scenario builder nor faker or json-schema-faker', () => {
    const graph = reachable('src/resources/index.ts');
    expect(graph.has('src/resources/sites/sections.ts')).toBe(true);
    const loaded = [...graph].filter((m) => /faker|^src\/scenarios\/(builder|filler|loader)/.test(m));
    expect(loaded).toEqual([]);
  });

  it('rules load neither Hono, lowdb nor the HTTP errors', () => {
    const graph = reachable(...['change-request', 'comment-status', 'space-lifecycle', 'team-membership', 'share-links', 'member-role', 'site-order'].map((r) => `src/rules/${r}.ts`));
    const loaded = [...graph].filter((m) => /^hono|^lowdb|^src\/(contract|server)\//.test(m));
    expect(loaded).toEqual([]);
  });

  it('no operation, rule or HTTP module imports the runtime, even as a type', () => {
    const files = ['src/contract', 'src/server', 'src/resources', 'src/rules'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(ROOT, dir, f)),
    );
    expect(files.length).toBeGreaterThan(50);
    const naming = files.filter((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      return source.statements.some(
        (node) => ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && resolve(dirname(file), node.moduleSpecifier.text) === join(ROOT, 'src/runtime.ts'),
      );
    });
    expect(naming.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
