/** This package's version, from its package.json (read once per process). */
import { readFileSync } from 'node:fs';
import { perProcess } from './cache/caches.ts';

export const packageVersion: () => string = perProcess(() => {
  const url = new URL('../package.json', import.meta.url);
  try {
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
});
