/**
 * The platform of the mock in a browser page (see platform.ts): validators compiled ahead of
 * time, scenarios and fixtures that came in the bundle as data, and none of the Node-only
 * pieces (no filler data, no PDFs, no data file, no console). The body validators and the
 * generic tier's schemas (generated/bodies.js, most of the build's weight) are loaded on the
 * first operation with a body or of the generic tier: a page that only reads never loads them.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Platform } from '../platform.ts';
import type { Operation } from '../contract/operation.ts';
import { ApiError } from '../contract/errors.ts';
import { ANY_VALUE_SCHEMA, type Validators } from '../contract/validators.ts';
import { pruner, type Pruner } from '../contract/prune.ts';
import { MemoryCatalog } from '../scenarios/memory-catalog.ts';
import type { ScenarioFile } from '../scenarios/types.ts';
import { coercing, strict } from './generated/validators.js';
import { fixtures, scenarios, version } from './generated/data.js';

type Bodies = typeof import('./generated/bodies.js');

/** The generic tier's requests are not checked in a page (scripts/build-msw.ts): they meet a schema that takes any value. */
function pick(set: Readonly<Record<string, ValidateFunction>>, kind: string, id: string): ValidateFunction {
  const generic = kind !== 'strict' && id.startsWith('official/generic#');
  const validate = set[id] ?? (generic ? set[ANY_VALUE_SCHEMA] : undefined);
  // 501, not a crash: only an admin call can ask for one the build left out (PUT /__admin/state).
  if (!validate) throw new ApiError(501, `${id} is not validated by the mock in a browser page (gitbook-mock/msw): no ${kind} validator of it was compiled into the build`);
  return validate;
}

/** The file of the official document's schemas (contract/schemas.ts, GENERIC_SCHEMA), which came in the bundle as `official`. */
const GENERIC_FILE = 'official/generic';

/**
 * generated/bodies.js, loaded once per platform when an operation first needs it (`prepare`,
 * which the registrar awaits before it answers); a load that failed answers 503 and is tried again.
 */
class BodiesLoader {
  private loaded?: Bodies;
  private loading?: Promise<void>;

  prepare(op: Pick<Operation, 'body' | 'generic'>): Promise<void> | undefined {
    if (this.loaded || (op.body === undefined && op.generic === undefined)) return undefined;
    return (this.loading ??= import('./generated/bodies.js').then(
      (bodies) => {
        this.loaded = bodies;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw new ApiError(503, `gitbook-mock/msw could not load its body validators (generated/bodies.js), tried again on the next request: ${String(error)}`);
      },
    ));
  }

  get(): Bodies {
    if (!this.loaded) throw new Error('gitbook-mock/msw: the body validators were used before they were loaded (Platform.prepare)');
    return this.loaded;
  }
}

/** The validators of dist/msw/generated/, compiled when the package was built. */
function precompiledValidators(bodies: BodiesLoader): Validators {
  // Made once the bodies are loaded; it keeps the references it resolved for the next body.
  let pruneBodies: Pruner | undefined;
  return {
    coercingValidator: (id) => pick(coercing, 'coercing', id),
    bodyValidator: (id) => pick(bodies.get().body, 'body', id),
    strictValidator: (id) => pick(strict, 'strict', id),
    pruneBody: (id, body) => {
      if (!pruneBodies) {
        const { official, bodySchemas } = bodies.get();
        pruneBodies = pruner((file) => (file === GENERIC_FILE ? official : bodySchemas[file]));
      }
      return pruneBodies(id, body);
    },
  };
}

/** A platform and its catalog for one mock: the built-in scenarios, then the page's own (`own`), which hide them by name. */
export function browserPlatform(own: Readonly<Record<string, ScenarioFile>> = {}): { platform: Platform; catalog: MemoryCatalog } {
  const bodies = new BodiesLoader();
  const validators = precompiledValidators(bodies);
  const catalog = new MemoryCatalog(scenarios, () => validators.strictValidator('scenario'));
  for (const [name, file] of Object.entries(own)) catalog.add(name, file);
  const platform: Platform = {
    validators: () => validators,
    catalog: () => catalog,
    fixture: (name) => (Object.hasOwn(fixtures, name) ? fixtures[name] : undefined),
    version: () => version,
    official: () => bodies.get().official,
    prepare: (op) => bodies.prepare(op),
  };
  return { platform, catalog };
}
