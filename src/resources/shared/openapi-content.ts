/**
 * The content of an OpenAPI spec version. The mock has no network: a version made from
 * `source.url` serves a fixture file from fixtures/ (petstore.json unless the scenario
 * names another); a version made from `source.text` serves that text. `filesystem` is the
 * list of files GitBook's renderer reads (it looks for the entry with `isEntrypoint`), each
 * with its parsed `specification` (JSON or YAML); one file, as specs are stored bundled.
 */
import { errors } from '../../contract/errors.ts';
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from '../../store/records.ts';
import { apiUrl } from './present.ts';
import type { HandlerContext } from '../../contract/operation.ts';

/** The fixture a version serves when neither the scenario nor its source names another. */
export const DEFAULT_SPEC_FIXTURE = 'petstore.json';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(json|ya?ml)$/;

/** A fixture file by name, from the platform (node-platform.ts reads fixtures/; the browser build holds them). */
function readFixture(name: string, fixture: (name: string) => unknown): unknown {
  return SAFE_NAME.test(name) ? fixture(name) : undefined;
}

/**
 * The parsed document of a text version: JSON, else YAML; text that is neither stays text. The
 * YAML parser loads with the first text that is not JSON: importing it at start took a tenth of
 * the server's start-up (docs/benchmarks.md).
 */
export async function fromText(text: string): Promise<[string, unknown]> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return ['openapi.json', parsed];
  } catch {
    // Not JSON: YAML, most likely.
  }
  try {
    const { parse: parseYaml } = await import('yaml');
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

/**
 * What a version's content is made from, read while the request holds the state (a missing
 * fixture is a 404 then); `presentContent` parses it once the request's reads are done.
 */
export function readContent(version: OpenApiSpecVersionRecord, fixture: (name: string) => unknown): { version: OpenApiSpecVersionRecord; content: unknown } {
  if (version.text !== undefined) return { version, content: undefined };
  const content = readFixture(version.fixture, fixture);
  if (content === undefined) throw errors.notFound('Content of OpenAPI spec version', version.id);
  return { version, content };
}

export async function presentContent({ version, content }: ReturnType<typeof readContent>) {
  let file: [string, unknown];
  if (version.text !== undefined) file = await fromText(version.text);
  else file = [version.fixture, typeof content === 'string' ? (await fromText(content))[1] : content];
  return {
    filesystem: [entrypoint(file)],
    url: version.url,
    urls: { source: version.url, public: null },
  };
}

/**
 * The version's text as it was sent (`source.text`), or the fixture file a version made from a
 * URL serves, as the file holds it; `format` is `json` when the text is JSON, else `yaml`.
 */
export function rawContent(version: OpenApiSpecVersionRecord, fixture: (name: string) => unknown): { text: string; format: 'json' | 'yaml' } {
  let text = version.text;
  if (text === undefined) {
    const content = readFixture(version.fixture, fixture);
    if (content === undefined) throw errors.notFound('Raw content of OpenAPI spec version', version.id);
    text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  }
  return { text, format: isJson(text) ? 'json' : 'yaml' };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
