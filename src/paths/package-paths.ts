/**
 * Where the package's own files are, from this module's place two folders below the package
 * root: src/paths/ when run from the sources, dist/paths/ when compiled. The CLI's bundle
 * (dist/cli/main.cjs, written by scripts/build-cli.ts) sits at the same depth, so the same
 * addresses hold there too. Every file the server reads from the package is found from here.
 */

/** The package's folder (package.json, schemas/, scenarios/, fixtures/). */
export const PACKAGE_ROOT = new URL('../../', import.meta.url);

/** The folder of the running code: src/ or dist/ (the console's assets are under admin/ui/assets/). */
export const CODE_ROOT = new URL('../', import.meta.url);
