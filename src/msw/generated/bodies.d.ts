/**
 * What a page loads on its first request with a body or to the generic tier (msw/browser-platform.ts):
 * the body validators, compiled ahead of time as those of validators.js, and the schemas the
 * generic tier and the pruning of bodies read. Written into dist/msw/generated/bodies.js by
 * `npm run build` (scripts/build-msw.ts); only this declaration is in src/.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** Body validators (they accept unknown fields; the pruning drops them) of every operation with a body, by schema id. */
export declare const body: Readonly<Record<string, ValidateFunction>>;
/** schemas/official/generic.json: the official document's schemas, for the generic tier. */
export declare const official: { $defs: Record<string, Record<string, unknown>> };
/**
 * The schema files of schemas/ the operations' bodies name (and those they name), by id, with
 * only what their pruning reads (contract/prune.ts, pruningSchema).
 */
export declare const bodySchemas: Readonly<Record<string, Record<string, unknown>>>;
