/**
 * Counts what the compiler is told to trust in src/ (issue 12): `as` casts (`as const`
 * aside), `as unknown as` chains, the `any` type, and non-null assertions (`x!`).
 * Run: node --import tsx scripts/count-casts.ts [dir]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const counts = { as: 0, asUnknownAs: 0, any: 0, nonNull: 0 };
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

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name)) {
      const kind = name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
      visit(source, path);
    }
  }
}

walk(process.argv[2] ?? 'src');
// `as unknown as` is two casts; counted once in `as` (the outer one) and once in its own column.
console.log(JSON.stringify(counts));
if (process.argv.includes('--files')) {
  for (const [file, n] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(n, file);
}
