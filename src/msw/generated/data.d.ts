/**
 * What the Node server reads from the package's folders, as data for the browser build: the
 * built-in scenarios, the files of fixtures/ and the package version. Written into
 * dist/msw/generated/data.js by `npm run build` (scripts/build-msw.ts).
 */
import type { ScenarioFile } from '../../scenarios/types.js';

/** Every built-in scenario but `large` (its generator needs faker, which the browser build leaves out). */
export declare const scenarios: Readonly<Record<string, ScenarioFile>>;
/** The files of fixtures/, by name: JSON parsed, other files as text. */
export declare const fixtures: Readonly<Record<string, unknown>>;
export declare const version: string;
