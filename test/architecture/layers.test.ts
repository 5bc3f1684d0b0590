/**
 * The layers of src/ (issue 25, docs/architecture.md): every file belongs to one layer, a file
 * imports only from its own layer or the ones below it, and no files import each other in a
 * circle. Type-only imports count like the others: a lower layer that names a type of a higher
 * one changes when that layer changes, and could not be read (or moved to a package of its
 * own) without it, even though nothing of it is loaded at run time.
 *
 * The graph is read from the sources with the TypeScript parser: `import` and `export ... from`
 * statements (type-only ones included), `import('...')` calls and `import('...').Type` types.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');

/**
 * The layers, lowest first, each with the folders (ending in `/`) and files of src/ it holds.
 * Every folder of src/ belongs to one layer as a whole; the files at the top of src/ are named
 * one by one. The most specific entry decides.
 */
const LAYERS: readonly { name: string; holds: readonly string[] }[] = [
  { name: 'core', holds: ['store/', 'cache/', 'text/', 'auth/', 'clock.ts', 'ids.ts', 'package-version.ts', 'state-machine.ts', 'paths/'] },
  { name: 'contract', holds: ['contract/'] },
  { name: 'domain', holds: ['rules/', 'resources/', 'events/'] },
  { name: 'session', holds: ['scenarios/', 'persistence/', 'coverage/', 'faults/', 'sessions/', 'journal/', 'runtime.ts', 'platform.ts', 'app-options.ts'] },
  { name: 'server', holds: ['server/'] },
  { name: 'surfaces', holds: ['admin/', 'openapi/'] },
  {
    name: 'entry',
    holds: ['build-mock.ts', 'app.ts', 'node-platform.ts', 'index.ts', 'bin.ts', 'cli-args.ts', 'cli/', 'fidelity/', 'handle/', 'vitest/', 'msw/', 'integration/'],
  },
];

/** The layer of a file of src/ (a path relative to src/), by its most specific entry; -1 for none. */
function layerOf(path: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, index) => {
    for (const entry of layer.holds) {
      const match = entry.endsWith('/') ? path.startsWith(entry) : path === entry;
      if (match && entry.length > bestLength) [best, bestLength] = [index, entry.length];
    }
  });
  return best;
}

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => f.split('\\').join('/'))
    .sort();
}

/** A relative specifier to the file of src/ it names (`./x.js` may be `x.ts`, `x.tsx` or `x.d.ts`). */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(join(SRC, from)), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.d.ts`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return relative(SRC, candidate).split('\\').join('/');
  }
  return undefined;
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every import of one file that names another file of src/. */
function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const note = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = resolveSpecifier(file, specifier.text);
    if (!to) throw new Error(`${file}: cannot resolve ${specifier.text}`);
    edges.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes = !!named && ts.isNamedImports(named) && !clause?.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      note(node.moduleSpecifier, !!clause?.isTypeOnly || allTypes);
    } else if (ts.isExportDeclaration(node)) {
      note(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      note(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      note(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The strongly connected groups of more than one file (Tarjan), each with one short circle through it. */
function cycles(files: string[], edges: Edge[]): { size: number; circle: string[] }[] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const { from, to } of edges) if (from !== to) next.get(from)!.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group);
  };
  for (const file of files) if (!index.has(file)) connect(file);
  // One circle per group, found breadth-first from its first file, so the message names real imports.
  return groups.map((group) => {
    const inGroup = new Set(group);
    const start = group.sort()[0];
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const w of next.get(queue[i])!) {
        if (!inGroup.has(w) || cameFrom.has(w)) continue;
        cameFrom.set(w, queue[i]);
        if (w === start) break;
        queue.push(w);
      }
      if (cameFrom.has(start)) break;
    }
    const circle = [start];
    for (let at = cameFrom.get(start)!; at !== start; at = cameFrom.get(at)!) circle.unshift(at);
    circle.unshift(start);
    return { size: group.length, circle };
  });
}

/**
 * Inside the domain layer, the resource groups (issue 41): a group of `resources/` (`sites/`,
 * `spaces/`, ...) imports only its own files, `shared/` and `engine/`; `engine/` only its own and
 * `shared/`; `shared/` only its own. What two groups use lives in `shared/`. Only the files at
 * the top of `resources/` (the list of every group's rows) name the groups.
 */
const RESOURCES = 'resources/';
const BELOW: Readonly<Record<string, readonly string[]>> = { shared: [], engine: ['shared'] };

/** The group of a file of `resources/` (its first folder); undefined for another file or one at the top. */
function groupOf(path: string): string | undefined {
  if (!path.startsWith(RESOURCES)) return undefined;
  const parts = path.slice(RESOURCES.length).split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

/** The imports that break the groups' rule. */
function groupBreaches(all: readonly Edge[]): string[] {
  return all
    .filter((e) => {
      const [from, to] = [groupOf(e.from), groupOf(e.to)];
      if (from === undefined || to === undefined || from === to) return false;
      return !(BELOW[from] ?? ['shared', 'engine']).includes(to);
    })
    .map((e) => `src/${e.from} → src/${e.to}${e.typeOnly ? ' [type]' : ''}`);
}

const files = sourceFiles();
const edges = files.flatMap(importsOf);
const label = (path: string) => `src/${path} (${LAYERS[layerOf(path)]?.name ?? 'no layer'})`;

describe('layers of src/', () => {
  it('reads the whole import graph', () => {
    expect(files.length).toBeGreaterThan(200);
    // Type-only imports are in the graph too (see the note at the top).
    expect(edges.some((e) => e.typeOnly)).toBe(true);
    expect(edges.length).toBeGreaterThan(900);
  });

  it('puts every file of src/ in a layer, and names only paths that exist', () => {
    expect(files.filter((f) => layerOf(f) === -1)).toEqual([]);
    const missing = LAYERS.flatMap((l) => l.holds).filter((entry) => !existsSync(join(SRC, entry)));
    expect(missing).toEqual([]);
  });

  it('imports only from the same layer or below', () => {
    const upward = edges
      .filter((e) => layerOf(e.to) > layerOf(e.from))
      .map((e) => `${label(e.from)} → ${label(e.to)}${e.typeOnly ? ' [type]' : ''}`);
    expect(upward).toEqual([]);
  });

  it('has no circle of imports between files', () => {
    const circles = cycles(files, edges).map(({ size, circle }) => `${size} files in circles, for one: ${circle.map((f) => `src/${f}`).join(' → ')}`);
    expect(circles).toEqual([]);
  });
});

describe('resource groups', () => {
  it('import only shared/ and engine/ besides their own files', () => {
    expect(groupBreaches(edges)).toEqual([]);
  });

  it('are told apart: one group naming another, or shared/ naming engine/, breaks the rule', () => {
    const made = (from: string, to: string): Edge => ({ from, to, typeOnly: false });
    expect(
      groupBreaches([
        made('resources/sites/sites.ts', 'resources/spaces/placement.ts'),
        made('resources/shared/access.ts', 'resources/engine/parents.ts'),
        made('resources/engine/parents.ts', 'resources/sites/sites.ts'),
        made('resources/sites/sites.ts', 'resources/shared/access.ts'),
        made('resources/engine/family.ts', 'resources/shared/paths.ts'),
        made('resources/index.ts', 'resources/sites/operations.ts'),
        made('resources/sites/sites.ts', 'store/records.ts'),
      ]),
    ).toEqual([
      'src/resources/sites/sites.ts → src/resources/spaces/placement.ts',
      'src/resources/shared/access.ts → src/resources/engine/parents.ts',
      'src/resources/engine/parents.ts → src/resources/sites/sites.ts',
    ]);
  });
});
