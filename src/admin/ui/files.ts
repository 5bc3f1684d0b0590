/** The console's own files, open without the admin token (see routes.tsx); GET and HEAD only. */
export const CONSOLE_FILES: ReadonlySet<string> = new Set(['/__admin/ui', '/__admin/ui/console.js', '/__admin/ui/console.css']);
