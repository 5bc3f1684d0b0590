/**
 * The content of an OpenAPI spec version. The mock has no network: a version made from
 * `source.url` serves a fixture file from fixtures/ (petstore.json unless the scenario
 * names another); a version made from `source.text` serves that text. `filesystem` is the
 * list of files GitBook's renderer reads (it looks for the entry with `isEntrypoint`), each
 * with its parsed `specification` (JSON or YAML); one file, as specs are stored bundled.
 */
import { parse as parseYaml } from 'yaml';
import { errors } from '../../contract/errors.ts';
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import type { HandlerContext } from '../../contract/operation.ts';

/** The fixture a version serves when neither the scenario nor its source names another. */
export const DEFAULT_SPEC_FIXTURE = 'petstore.json';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(json|ya?ml)$/;

/** A fixture file by name, from the platform (node-platform.ts reads fixtures/; the browser build holds them). */
function readFixture(name: string, fixture: (name: string) => unknown): unknown {
  return SAFE_NAME.test(name) ? fixture(name) : undefined;
}

/** The parsed document of a text version: JSON, else YAML; text that is neither stays text. */
function fromText(text: string): [string, unknown] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return ['openapi.json', parsed];
  } catch {
    // Not JSON: YAML, most likely.
  }
  try {
    const parsed: unknown = parseYaml(text, { maxAliasCount: 100 });
    if (parsed && typeof parsed === 'object') return ['openapi.yaml', parsed];
  } catch {
    // Neither: served as the text it is.
  }
  return ['openapi.yaml', text];
}

/** One entry of the renderer's `Filesystem` (packages/openapi-parser of GitbookIO/gitbook). */
function entrypoint([filename, specification]: [string, unknown]) {
  return { filename, dir: '.', isEntrypoint: true, references: [] as string[], specification };
}

/** Where a version made from text can be fetched: its content operation. */
export function textVersionUrl(ctx: HandlerContext, spec: OpenApiSpecRecord, versionId: string): string {
  return apiUrl(ctx, `/orgs/${spec.organization}/openapi/${spec.slug}/versions/${versionId}/content`);
}

export function presentContent(version: OpenApiSpecVersionRecord, fixture: (name: string) => unknown) {
  let file: [string, unknown];
  if (version.text !== undefined) file = fromText(version.text);
  else {
    const content = readFixture(version.fixture, fixture);
    if (content === undefined) throw errors.notFound('Content of OpenAPI spec version', version.id);
    file = [version.fixture, typeof content === 'string' ? fromText(content)[1] : content];
  }
  return {
    filesystem: [entrypoint(file)],
    url: version.url,
    urls: { source: version.url, public: null },
  };
}
