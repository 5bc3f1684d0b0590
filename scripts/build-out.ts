/**
 * Where a build step writes: `npm run build` (scripts/build.ts) builds into a folder of its own
 * beside dist/ and names it in GITBOOK_MOCK_BUILD_OUT; a step run by hand writes dist/.
 * The folder sits at the package's root, as dist/ does, so the bundle's addresses of the
 * package's files (two folders up) hold in it too.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The folder this build writes (absolute). */
export const BUILD_OUT = join(ROOT, process.env.GITBOOK_MOCK_BUILD_OUT ?? 'dist');
