/** The console's own files, open without the admin token (see routes.tsx); GET and HEAD only. */
export const CONSOLE_SCRIPTS = ['console.js', 'lib.js', 'journal-stream.js', 'requests.js', 'state.js', 'faults.js', 'events.js'] as const;
export const CONSOLE_FILES: ReadonlySet<string> = new Set(['/__admin/ui', '/__admin/ui/console.css', ...CONSOLE_SCRIPTS.map((name) => `/__admin/ui/${name}`)]);
