/**
 * Counts what the compiler is told to trust in src/ (issue 12): `as` casts (`as const`
 * aside), `as unknown as` chains, the `any` type, and non-null assertions (`x!`).
 * Run: node --import tsx scripts/count-casts.ts [dir] [--files]
 * test/architecture/casts.test.ts holds the counts under their aims (issue 25).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface CastCounts {
  as: number;
  asUnknownAs: number;
  any: number;
  nonNull: number;
}

/** The counts of the .ts and .tsx files under `dir`, and how many of them each file holds. */
export function countCasts(dir: string): { counts: CastCounts; perFile: Map<string, number> } {
  const counts: CastCounts = { as: 0, asUnknownAs: 0, any: 0, nonNull: 0 };
  const perFile = new Map<string, number>();

  function visit(node: ts.Node, file: string): void {
    let hit = false;
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type;
      const isConst = ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const';
      if (!isConst) {
        counts.as++;
        hit = true;
        const inner = node.expression;
        if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) counts.asUnknownAs++;
      }
    } else if (node.kind === ts.SyntaxKind.AnyKeyword) {
      counts.any++;
      hit = true;
    } else if (ts.isNonNullExpression(node)) {
      counts.nonNull++;
      hit = true;
    }
    if (hit) perFile.set(file, (perFile.get(file) ?? 0) + 1);
    ts.forEachChild(node, (child) => visit(child, file));
  }

  function walk(folder: string): void {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) {
        const kind = name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
        const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
        visit(source, path);
      }
    }
  }

  walk(dir);
  return { counts, perFile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'src';
  const { counts, perFile } = countCasts(dir);
  // `as unknown as` is two casts; counted once in `as` (the outer one) and once in its own column.
  console.log(JSON.stringify(counts));
  if (process.argv.includes('--files')) {
    for (const [file, n] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(n, file);
  }
}
