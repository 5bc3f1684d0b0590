/**
 * The README, to the letter (issue 44): every TypeScript or JavaScript snippet type-checks as
 * written, against the package's own source (`gitbook-mock`, `gitbook-mock/vitest` and
 * `gitbook-mock/msw` mapped to src/), with the compiler options of the repository. A snippet
 * that names its file in the line above it (`src/mocks/gitbook.ts`:) is checked at that path,
 * so the snippets that import each other (`./mocks/gitbook`) are checked together. Storybook's
 * packages are not dependencies here: what the snippets use of them is declared below; the rest is real.
 *
 * And every figure it states that was measured (a size, a time, a count of rows) sits in a
 * paragraph that gives the bench command it comes from.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** Where the snippets are checked: a folder of the repository that exists only in the compiler's host. */
const HERE = join(ROOT, '.readme-snippets');
const LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs']);

interface Snippet {
  line: number;
  file: string;
  text: string;
}

/** The code blocks in a script language, each at the file its line above names, or at `snippet-<line>`. */
function snippets(): Snippet[] {
  const out: Snippet[] = [];
  const lines = readme.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const language = /^```(\w+)$/.exec(lines[i])?.[1];
    if (!language) continue;
    const end = lines.indexOf('```', i + 1);
    if (LANGUAGES.has(language)) {
      const above = lines.slice(0, i).reverse().find((line) => line.trim() !== '') ?? '';
      const named = [...above.matchAll(/`([\w./-]+\.(?:ts|mts|js|mjs))`/g)].at(-1)?.[1];
      const ext = language.startsWith('j') || language === 'mjs' ? 'mjs' : 'ts';
      out.push({ line: i + 1, file: join(HERE, named ?? `snippet-${i + 1}.${ext}`), text: lines.slice(i + 1, end).join('\n') });
    }
    i = end;
  }
  return out;
}

const SHIMS = join(HERE, 'storybook-shims.d.ts');
/** What the snippets use of Storybook's types (`@storybook/react` 8), and the addon's functions. */
const SHIMS_TEXT = `declare module '@storybook/react' {
  type Loader = (context: unknown) => unknown;
  export interface Preview { loaders?: Loader[]; parameters?: Record<string, unknown> }
  export interface StoryObj { loaders?: Loader[]; parameters?: Record<string, unknown> }
}
declare module 'msw-storybook-addon' {
  export function initialize(options?: { onUnhandledRequest?: 'bypass' | 'warn' | 'error' }): void;
  export function mswLoader(context: unknown): Promise<void>;
}
`;

/** The compiler's findings on each snippet, by file: the repository's options, the package's names mapped to src/. */
function check(all: readonly Snippet[]): Map<string, string[]> {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  Object.assign(options, {
    noEmit: true,
    allowJs: true,
    checkJs: true,
    types: ['node', 'vite/client'],
    baseUrl: ROOT,
    paths: { 'gitbook-mock': ['src/index.ts'], 'gitbook-mock/vitest': ['src/vitest/index.ts'], 'gitbook-mock/msw': ['src/msw/index.ts'] },
  });
  const files = new Map(all.map((s) => [s.file, s.text]));
  files.set(SHIMS, SHIMS_TEXT);
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  host.directoryExists = (name) => [...files.keys()].some((file) => file.startsWith(`${name}/`)) || (directoryExists?.call(host, name) ?? true);
  host.getSourceFile = (name, version, ...rest) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile.call(host, name, version, ...rest) : ts.createSourceFile(name, text, version);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const found = new Map<string, string[]>();
  for (const { file } of all) {
    const source = program.getSourceFile(file)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    found.set(
      file,
      diagnostics.map((d) => {
        const at = d.start === undefined ? '' : `${source.getLineAndCharacterOfPosition(d.start).line + 1}: `;
        return `${at}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return found;
}

const all = snippets();

describe('the README code', () => {
  let found: Map<string, string[]>;
  beforeAll(() => {
    found = check(all);
  }, 120_000);

  it('has the snippets of each section', () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.map((s) => s.file)).toEqual(expect.arrayContaining([join(HERE, 'src/mocks/gitbook.ts'), join(HERE, 'src/main.ts')]));
  });

  it.each(all.map((s) => [s.line, dirname(s.file) === HERE ? s.file.slice(HERE.length + 1) : s.file.slice(HERE.length + 1), s] as const))(
    'the snippet at line %i (%s) type-checks as written',
    (_line, _file, snippet) => {
      expect(found.get(snippet.file)).toEqual([]);
    },
  );

  it('notes a wrong snippet (the check can fail)', () => {
    const wrong = { line: 0, file: join(HERE, 'wrong.ts'), text: "import { createMock } from 'gitbook-mock';\ncreateMock().runtime.nothing();" };
    expect(check([wrong]).get(wrong.file)).toEqual([expect.stringMatching(/^2: TS2339 Property 'nothing' does not exist/)]);
  }, 120_000);
});

/** A figure of a measure: a size, a time or a count of rows, as a measurement states it (not a limit or a default). */
const MEASURED = /\b(?:about|bundles to|takes|costs|is|in)\s+(?:well under\s+)?(?:a\s+(?:tenth of a\s+)?)?(?:\d[\d,.]*\s*(?:KB|MB|ms|µs|rows)\b|millisecond)|\bin milliseconds\b|\ba third of it\b|\b\d[\d,.]*\s*(?:KB|MB)\s+(?:gzipped|minified)/;

/** The README's paragraphs (text between blank lines and code fences), and each comment of a code block. */
function paragraphs(): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fenced = false;
  for (const line of readme.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced && !line.startsWith('```')) {
      const comment = /(?:\/\/|#)\s.*$/.exec(line)?.[0];
      if (comment) out.push(comment);
      continue;
    }
    if (line.trim() === '' || line.startsWith('```')) {
      if (current.length) out.push(current.join(' '));
      current = [];
    } else current.push(line);
  }
  if (current.length) out.push(current.join(' '));
  return out;
}

describe('the README figures', () => {
  it('finds the figures it states', () => {
    expect(paragraphs().filter((p) => MEASURED.test(p)).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the bench command beside each figure', () => {
    const bare = paragraphs().filter((p) => MEASURED.test(p) && !/npm run bench\b/.test(p));
    expect(bare).toEqual([]);
  });
});
