/**
 * A fresh clone runs its own tests: nothing in src/, test/, bench/ or scripts/ reads a file
 * outside the repository (issue 24). The scan resolves every relative path a file names (imports,
 * `new URL(..., import.meta.url)`, `join(ROOT, ...)` of a name bound to a known folder), and looks
 * for the walk up the folders that finds a design folder "somewhere above". Citations of the
 * outside contract point at docs/contract.md, under a heading that document has.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'test', 'bench', 'scripts'];
const SOURCE = /\.(ts|js|mjs|cjs|mts)$/;
/** This file: its examples below name the very paths the scan refuses. */
const SELF = fileURLToPath(import.meta.url);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'generated') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

const inside = (path: string) => {
  const rel = relative(ROOT, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
};

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`$\\\n]*)`/g;
/** A relative path with a step up (URL paths such as `/__admin/ui/../state` are not files). */
const stepsUp = (literal: string) => /^\.\.?(\/|$)/.test(literal) && literal.split('/').includes('..');

/** Names bound to a folder: `const ROOT = fileURLToPath(new URL('../..', import.meta.url))` and the like. */
function boundFolders(text: string, file: string): Map<string, string> {
  const out = new Map<string, string>();
  const url = /(?:const|let)\s+(\w+)\s*=\s*(?:fileURLToPath\()?new URL\(\s*['"`]([^'"`]+)['"`]\s*,\s*import\.meta\.url\s*\)/g;
  for (const m of text.matchAll(url)) out.set(m[1], resolve(dirname(file), m[2]));
  const dirnameOf = /(?:const|let)\s+(\w+)\s*=\s*dirname\(\s*fileURLToPath\(\s*import\.meta\.url\s*\)\s*\)/g;
  for (const m of text.matchAll(dirnameOf)) out.set(m[1], dirname(file));
  return out;
}

/** What in one file's text reaches outside the repository, each as a short reason. */
export function climbs(text: string, file: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(LITERAL)) {
    const literal = m[1] ?? m[2] ?? m[3] ?? '';
    if (/(^|[^\w-])shared\/(design|seeds)\b/.test(literal)) found.push(`names the shared design folder: ${literal}`);
    if (stepsUp(literal) && !inside(resolve(dirname(file), literal))) {
      found.push(`climbs above the repository: ${literal}`);
    }
  }
  const folders = boundFolders(text, file);
  const joins = /\b(?:join|resolve)\(\s*(\w+)\s*((?:,\s*(?:'[^'\n]*'|"[^"\n]*"|`[^`$\n]*`)\s*)+)\)/g;
  for (const m of text.matchAll(joins)) {
    const base = folders.get(m[1]);
    if (base === undefined) continue;
    const parts = [...m[2].matchAll(/['"`]([^'"`]*)['"`]/g)].map((p) => p[1]);
    if (!inside(resolve(base, ...parts))) found.push(`joins its way out of the repository: ${m[0]}`);
  }
  // The walk up from folder to folder until some file turns up "above the repository".
  if (/\b(\w+)\s*=\s*dirname\(\s*\1\s*\)/.test(text) || /const\s+(\w+)\s*=\s*dirname\(\s*(\w+)\s*\);[\s\S]{0,400}?\b\2\s*=\s*\1\s*;/.test(text)) {
    found.push('walks up the folders from the repository');
  }
  return found;
}

describe('the repository is self-contained', () => {
  it('finds the ways out it is meant to find (the scan is not blind)', () => {
    const file = join(ROOT, 'test', 'helpers', 'example.ts');
    const up = '../../..';
    // Spelled in pieces, so that this file itself never names the folder it looks for.
    const designFolder = ['shared', 'design'].join('/');
    expect(climbs(`readFileSync('${up}/${designFolder}/operations.json')`, file)).toHaveLength(2);
    expect(climbs(`import x from '${up}/other/x.ts';`, file)).toHaveLength(1);
    expect(climbs(`const ROOT = fileURLToPath(new URL('../..', import.meta.url));\nreadFileSync(join(ROOT, '..', 'notes.md'))`, file)).toHaveLength(1);
    expect(climbs(`for (;;) { const parent = dirname(dir);\n if (parent === dir) break;\n dir = parent; }`, file)).toHaveLength(1);
    expect(climbs(`while (true) dir = dirname(dir);`, file)).toHaveLength(1);
    // What stays inside is not refused.
    expect(climbs(`const ROOT = fileURLToPath(new URL('../..', import.meta.url));\njoin(ROOT, 'dist', 'index.js'); import y from '../../src/app.ts';`, file)).toEqual([]);
  });

  it('reads nothing outside the repository from src/, test/, bench/ or scripts/', () => {
    const scanned = SCANNED.flatMap((d) => files(join(ROOT, d))).filter((f) => f !== SELF);
    expect(scanned.length).toBeGreaterThan(300);
    const out = scanned.flatMap((f) => climbs(readFileSync(f, 'utf8'), f).map((why) => `${relative(ROOT, f)}: ${why}`));
    expect(out).toEqual([]);
  });

  it('cites the contract as docs/contract.md, under headings that document has', () => {
    const contract = readFileSync(join(ROOT, 'docs', 'contract.md'), 'utf8');
    const headings = new Set([...contract.matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1].trim().toLowerCase()));
    const scanned = SCANNED.flatMap((d) => files(join(ROOT, d)));
    const wrong: string[] = [];
    let citations = 0;
    for (const f of scanned) {
      if (f === SELF) continue;
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/(\S*)contract\.md(?:,?\s*"([^"]+)")?/g)) {
        citations++;
        if (!m[1].endsWith('docs/')) wrong.push(`${relative(ROOT, f)}: ${m[0]}`);
        // A heading may wrap onto the next line of a comment (` * `).
        const heading = m[2]?.replace(/\s*\n\s*(\*\s*)?/g, ' ').trim().toLowerCase();
        if (heading && !headings.has(heading)) wrong.push(`${relative(ROOT, f)}: no heading "${m[2]}"`);
      }
    }
    expect(citations).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
