/**
 * The QA console at /__admin/ui: one server-rendered page, its script (a few ES modules) and
 * its style sheet. These are the same bytes for everybody and hold no data, so the admin gate lets them
 * through (a sign-in page, in effect): off loopback the page asks for the admin token, and
 * every call its script makes goes through the gate with it.
 */
import { readFileSync } from 'node:fs';
import { rawReply, type RouteRow } from '../../contract/operation.ts';
import { fileReply, filesRow, type FilesRow, type ServedFile } from '../../contract/served-files.ts';
import type { ServeRows } from '../../platform.ts';
import { ConsolePage } from './page.tsx';
import { CONSOLE_SCRIPTS } from './files.ts';
import { CODE_ROOT } from '../../paths/package-paths.ts';

/** The page's own files, read once on first use (admin/ui/assets/ of src/ or dist/: paths/package-paths.ts). */
function asset(name: string): () => string {
  let text: string | undefined;
  return () => (text ??= readFileSync(new URL(`admin/ui/assets/${name}`, CODE_ROOT), 'utf8'));
}

// The admin gate reads the list of these files from files.ts (no Node there).
export { CONSOLE_FILES } from './files.ts';

/** No other page may frame the console (a page of another site would lay its own buttons over it). */
const NO_FRAMING = { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };

let page: string | undefined;

/** The console's page as a row (described in the mock's OpenAPI document from it). */
export const CONSOLE_ROW: RouteRow & { handle(): unknown } = {
  operationId: 'adminGetConsole', method: 'GET', path: '/__admin/ui', summary: 'The QA console', status: 200, access: 'admin', responseType: 'text/html',
  // The type Hono's c.html wrote.
  handle: () => rawReply((page ??= `<!doctype html>${String(<ConsolePage />)}`), 'text/html; charset=UTF-8', 200, NO_FRAMING),
};

const SCRIPT = 'text/javascript; charset=utf-8';

/**
 * The page's script (a few ES modules: console.js imports the others) and its style sheet, a
 * row beside the page's. Like the page they pass the admin gate as a sign-in page would
 * (`adminGate`, admin/access.ts); another name under /__admin/ui is the gate's as any path.
 */
export const CONSOLE_FILES_ROW: FilesRow = filesRow({
  operationId: 'adminGetConsoleFile', path: '/__admin/ui/{file}', summary: "The QA console's scripts and style sheet", access: 'admin',
  files: new Map<string, ServedFile>([
    ...CONSOLE_SCRIPTS.map((name): [string, ServedFile] => [name, { type: SCRIPT, read: asset(name) }]),
    ['console.css', { type: 'text/css; charset=utf-8', read: asset('console.css') }],
  ]),
  headers: { 'Cache-Control': 'no-cache' },
  // The console's files are the same bytes for every session: their requests open none.
  session: 'none',
});

export function registerConsole(serve: ServeRows): void {
  serve([CONSOLE_ROW], (_c, row) => row.handle());
  serve([CONSOLE_FILES_ROW], (c, row, input) => fileReply(row, input.params.file, c.req));
}
