/**
 * Serves rows inside the app's pipeline (the registrar's `serve`, handed by build-mock.ts):
 * `answer` gives what each request of a row answers. The platform's rows (pages, documents)
 * need nothing of the request's session.
 */
export type ServeRows = <R extends RouteRow>(rows: readonly R[], answer: (c: Context, row: R, input: RowInput) => unknown) => void;

/**
 * What differs between the Node server and the mock in a browser page (`gitbook-mock/msw`):
 * where schemas, scenarios and fixture files come from, and the pieces that only Node has.
 * The entry point chooses: app.ts gives `nodePlatform` (node-platform.ts), msw/ gives the
 * browser's. Code on the request path reaches these through the runtime (or a handler's
 * context) and imports none of the Node pieces itself, so the browser bundle holds no
 * `node:` module (test/system/msw/bundle.test.ts).
 */
import type { Context } from 'hono';
import type { Validators } from './contract/validators.ts';
import type { HandlerPlatform, Operation, RouteRow, RowInput } from './contract/operation.ts';
import type { Catalog } from './scenarios/scenario-source.ts';
import type { BuiltState } from './scenarios/loader.ts';
import type { ScenarioFile } from './scenarios/types.ts';
import type { FillerKit } from './scenarios/builder.ts';
import type { PdfLine } from './resources/shared/pdf-line.ts';
import type { DataFile, SavedState } from './persistence/data-file.ts';

export interface Platform extends HandlerPlatform {
  /** The validators of `schemas/`: compiled by ajv at run time, or ahead of time for the browser. */
  validators(): Validators;
  /** Where scenarios are found by name; `dirs` are the user's folders (`--scenarios-dir`). */
  catalog(dirs: string[]): Catalog;
  /**
   * What building a scenario of `catalog` (as its `read` gave it) with this filler seed gives, if
   * it was built ahead of time (scenarios/prebuilt.ts); undefined: build it.
   */
  prebuilt?(catalog: Catalog, scenario: ScenarioFile & { name: string }, fillerSeed: number): BuiltState | undefined;
  /** Generated data for what a scenario leaves out; without it such a scenario is refused. */
  filler?: FillerKit;
  /** A file of `fixtures/` (what OpenAPI spec versions made from a URL serve), or undefined. */
  fixture(name: string): unknown;
  /**
   * The official document's schemas, one file (schemas/official/generic.json): what the generic
   * tier (src/resources/generic/) builds its answers from.
   */
  official(): { $defs: Record<string, Record<string, unknown>> };
  /** This package's version (GET /v1/). */
  version(): string;
  /**
   * What the platform must load before it answers an operation (the browser build's body
   * validators and the generic tier's schemas: msw/browser-platform.ts): undefined when it has
   * all it needs, as the Node platform always does.
   */
  prepare?(op: Pick<Operation, 'body' | 'generic'>): Promise<void> | undefined;
  /** Renders the change-request PDFs and PDF downloads; without it those files answer 501. */
  renderPdf?(title: string, lines: PdfLine[], createdAt: Date): Promise<Uint8Array<ArrayBuffer>>;
  /** Opens the `--data` file; without it the option is refused. */
  dataFile?(path: string, saved: () => Omit<SavedState, 'seq'>): DataFile;
  /** Rows only this platform serves (the console, the OpenAPI document and its docs), given to `serve` (the app's registrar's). */
  routes?(serve: ServeRows): void;
}
