/**
 * The validators of the browser build, compiled ahead of time (ajv's standalone code, no
 * `new Function` at run time); the body validators are in bodies.js. Written with data.js into dist/msw/generated/ by `npm run build`
 * (scripts/build-msw.ts); only this declaration is in src/.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** Coercing validators (path and query) of every routed operation, by schema id. */
export declare const coercing: Readonly<Record<string, ValidateFunction>>;
/** Strict validators: `scenario` (scenarios given as data); not `state` (PUT /__admin/state answers 501 in the browser build). */
export declare const strict: Readonly<Record<string, ValidateFunction>>;
