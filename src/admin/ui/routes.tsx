/**
 * The QA console at /__admin/ui: one server-rendered page, its script (a few ES modules) and
 * its style sheet. These are the same bytes for everybody and hold no data, so the admin gate lets them
 * through (a sign-in page, in effect): off loopback the page asks for the admin token, and
 * every call its script makes goes through the gate with it.
 */
import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { ConsolePage } from './page.tsx';
import { CONSOLE_SCRIPTS } from './files.ts';
import { CODE_ROOT } from '../../paths/package-paths.ts';

/** The page's own files, read once on first use (assets/ beside this module, in src/ and dist/). */
function asset(name: string): () => string {
  let text: string | undefined;
  return () => (text ??= readFileSync(new URL(`admin/ui/assets/${name}`, CODE_ROOT), 'utf8'));
}

const style = asset('console.css');

// The admin gate reads the list of these files from files.ts (no Node there).
export { CONSOLE_FILES } from './files.ts';

/** No other page may frame the console (a page of another site would lay its own buttons over it). */
const NO_FRAMING = { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };

export function registerConsole(app: Hono): void {
  let page: string | undefined;
  app.get('/__admin/ui', (c) => c.html((page ??= `<!doctype html>${String(<ConsolePage />)}`), 200, NO_FRAMING));
  // The script is a few ES modules (console.js imports the others).
  for (const name of CONSOLE_SCRIPTS) {
    const script = asset(name);
    app.get(`/__admin/ui/${name}`, (c) =>
      c.body(script(), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
    );
  }
  app.get('/__admin/ui/console.css', (c) =>
    c.body(style(), 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
}
