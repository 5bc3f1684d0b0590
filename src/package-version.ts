/** This package's version, from its package.json (read once per process). */
import { readFileSync } from 'node:fs';
import { perProcess } from './cache/caches.ts';
import { PACKAGE_ROOT } from './paths/package-paths.ts';

export const packageVersion: () => string = perProcess(() => {
  const url = new URL('package.json', PACKAGE_ROOT);
  try {
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
});
