/**
 * The content of an OpenAPI spec version. The mock has no network: a version made from
 * `source.url` serves a fixture file from fixtures/ (petstore.json unless the scenario
 * names another); a version made from `source.text` serves that text. `filesystem` maps
 * a file name to the file's content (parsed when it is JSON).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errors } from '../../http/errors.ts';
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import type { Ctx } from './lookup.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(json|ya?ml)$/;

/** Fixture files are read once per process (they never change). */
const fixtureCache = new Map<string, unknown>();

function readFixture(name: string): unknown {
  if (!SAFE_NAME.test(name)) return undefined;
  if (!fixtureCache.has(name)) {
    const path = FIXTURES_DIR + name;
    if (!existsSync(path)) return undefined;
    const text = readFileSync(path, 'utf8');
    fixtureCache.set(name, name.endsWith('.json') ? JSON.parse(text) : text);
  }
  return fixtureCache.get(name);
}

function fromText(text: string): [string, unknown] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return ['openapi.json', parsed];
  } catch {
    // Not JSON: served as the YAML text it presumably is.
  }
  return ['openapi.yaml', text];
}

/** Where a version made from text can be fetched: its content operation. */
export function textVersionUrl(ctx: Ctx, spec: OpenApiSpecRecord, versionId: string): string {
  return apiUrl(ctx, `/orgs/${spec.organization}/openapi/${spec.slug}/versions/${versionId}/content`);
}

export function presentContent(version: OpenApiSpecVersionRecord) {
  let file: [string, unknown];
  if (version.text !== undefined) file = fromText(version.text);
  else {
    const content = readFixture(version.fixture);
    if (content === undefined) throw errors.notFound('Content of OpenAPI spec version', version.id);
    file = [version.fixture, content];
  }
  return {
    filesystem: { [file[0]]: file[1] },
    url: version.url,
    urls: { source: version.url, public: null },
  };
}
