/**
 * Checks a state given to PUT /__admin/state: its shape (schemas/state.json), unique ids,
 * and that every reference the store declares (store/references.ts) points at a record of the
 * right collection. A failure is a 400 naming the bad path; nothing is changed. An export of format 2 also carries what makes
 * the state reproducible (its scenario, clock, manifest, seed and id counter): `StateHead`.
 */
import type { ClockState } from '../clock.ts';
import { errors } from '../contract/errors.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { firstRefusal, type Validators } from '../contract/validators.ts';
import type { Manifest } from './loader.ts';
import { documentIdOf } from '../rules/page-document.ts';
import { referencesOf } from '../store/references.ts';
import { COLLECTION_NAMES, type StateJson } from '../store/store.ts';

/** The export format GET /__admin/state writes (an export without `format` is the older one: records only). */
export const STATE_FORMAT = 2;

/** What an export carries beside the records. */
export interface StateHead {
  format: typeof STATE_FORMAT;
  scenario: string;
  clock: ClockState;
  manifest: Manifest;
  seed: number;
  idPosition: number;
}

/** An export of format 2: the head, then every collection. */
export type StateExport = StateHead & StateJson;

/** A checked import: its records, and its head when it has one. */
export interface CheckedState {
  records: Partial<StateJson>;
  head?: StateHead;
}

/** A newer export than this build reads gets a sentence saying so, not a schema error. */
function checkFormat(state: unknown): void {
  const format = (state as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > STATE_FORMAT) {
    throw errors.badRequest(`Invalid state: state.format is ${format}, made by a newer gitbook-mock; this one reads formats up to ${STATE_FORMAT}`);
  }
}

/**
 * What schemas/state.json accepts: records of any of the collections (the schema is generated
 * from the record types, `npm run schemas:state`) and, with `format`, the whole head (its
 * `dependentRequired`), or no head at all.
 */
type StateInput = Partial<StateJson> & (StateHead | { [K in keyof StateHead]?: undefined });

/** The state schema's verdict as a type guard: what it accepts is a `StateInput`. */
function isStateInput(validate: ValidateFunction, value: unknown): value is StateInput {
  return validate(value) === true;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fills in what an export made before a field existed lacks, so that an older `--data` file or
 * export still loads: a page without `documentId` gets the id of its text (as every write gives
 * it), a reusable content without `markdown` an empty body. The input is changed in place; what
 * it holds otherwise is left for the schema to judge.
 */
function upgradeOlderState(state: unknown): void {
  if (!isObject(state) || !Array.isArray(state.revisions)) return;
  const pages = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const page of list) {
      if (!isObject(page)) continue;
      if (page.documentId === undefined && typeof page.id === 'string' && (page.markdown === undefined || typeof page.markdown === 'string')) {
        page.documentId = documentIdOf({ id: page.id, markdown: page.markdown ?? '' });
      }
      pages(page.pages);
    }
  };
  for (const revision of state.revisions) {
    if (!isObject(revision)) continue;
    pages(revision.pages);
    if (Array.isArray(revision.reusableContents)) {
      for (const content of revision.reusableContents) if (isObject(content) && content.markdown === undefined) content.markdown = '';
    }
  }
}

/** Where the generic tier kept custom fonts (`officialRecords` of this family) before they had a collection of their own. */
const GENERIC_FONTS = '/v1/orgs/{}/fonts';

/** A face of a font the generic tier kept: its weight and what of its sources the state can still show. */
function olderFace(face: unknown, files: readonly Record<string, unknown>[], organization: unknown): Record<string, unknown> | undefined {
  if (!isObject(face) || typeof face.weight !== 'number') return undefined;
  const file = files.find((f) => f.storageKey === face.storageKey && f.parent === organization);
  if (typeof file?.id === 'string') return { weight: face.weight, file: file.id };
  const sources = (Array.isArray(face.sources) ? face.sources : [])
    .filter((source): source is Record<string, unknown> => isObject(source) && typeof source.url === 'string')
    .map((source) => ({ url: source.url, ...((source.format === 'woff2' || source.format === 'woff') && { format: source.format }) }));
  return sources.length ? { weight: face.weight, sources } : undefined;
}

/**
 * Moves the custom fonts an export made before fonts were a family (`officialRecords` of the
 * generic tier) to `customFonts`: each face keeps its file where the state holds the one its
 * storage key names, else the source URLs it kept. A font with no face left to show (the
 * generic tier kept no uploaded file) is left out: the official object needs one.
 */
function upgradeOlderFonts(state: Record<string, unknown>): void {
  if (!Array.isArray(state.officialRecords)) return;
  const files = (Array.isArray(state.storageFiles) ? state.storageFiles : []).filter(isObject);
  const fonts: unknown[] = Array.isArray(state.customFonts) ? state.customFonts : [];
  state.officialRecords = state.officialRecords.filter((row) => {
    if (!isObject(row) || row.family !== GENERIC_FONTS) return true;
    const fields = isObject(row.fields) ? row.fields : {};
    const faces = (Array.isArray(fields.fontFaces) ? fields.fontFaces : []).map((face) => olderFace(face, files, row.parent)).filter((face) => face !== undefined);
    if (faces.length === 0) return false;
    faces.sort((a, b) => (a.weight as number) - (b.weight as number));
    const fontFamily = typeof fields.fontFamily === 'string' && fields.fontFamily !== '' ? fields.fontFamily : 'Untitled';
    fonts.push({ id: row.id, parent: row.parent, createdAt: row.createdAt, ...(row.updatedAt !== undefined && { updatedAt: row.updatedAt }), fontFamily, faces });
    return false;
  });
  if (fonts.length) state.customFonts = fonts;
}

export function checkState(state: unknown, schemas: Validators): CheckedState {
  checkFormat(state);
  upgradeOlderState(state);
  if (isObject(state)) upgradeOlderFonts(state);
  const validate = schemas.strictValidator('state');
  if (!isStateInput(validate, state)) throw errors.badRequest(`Invalid state: ${firstRefusal('state', validate)}`);
  const valid: Record<string, readonly { id: string }[]> = {};
  for (const name of COLLECTION_NAMES) if (state[name] !== undefined) valid[name] = state[name];
  const ids = new Map<string, Set<string>>();
  for (const [name, rows] of Object.entries(valid)) {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (seen.has(row.id)) throw errors.badRequest(`Invalid state: state.${name}[${i}].id "${row.id}" is used twice`);
      seen.add(row.id);
    });
    ids.set(name, seen);
  }
  // Every reference the store declares (store/references.ts) names a record of its collection.
  for (const name of COLLECTION_NAMES) {
    (state[name] ?? []).forEach((row: object, i) => {
      for (const named of referencesOf(name, row)) {
        if (named.reference.loose || ids.get(named.to)?.has(named.id)) continue;
        throw errors.badRequest(`Invalid state: state.${name}[${i}].${named.path} "${named.id}" is not an id of ${named.to}`);
      }
    });
  }
  const tokens = new Set<unknown>();
  (state.users ?? []).forEach((u, i) => {
    if (tokens.has(u.token)) throw errors.badRequest(`Invalid state: state.users[${i}].token is used twice`);
    tokens.add(u.token);
  });
  return { records: state, head: state.format === undefined ? undefined : headOf(state) };
}

/** The head of a valid export; a manifest written before it had every list gets empty ones. */
function headOf(head: StateHead): StateHead {
  const given: Partial<Manifest> = structuredClone(head.manifest);
  const manifest = { ...given, shareKeys: given.shareKeys ?? {}, installationTokens: given.installationTokens ?? {}, signingSecrets: given.signingSecrets ?? {}, integrationTokens: given.integrationTokens ?? {}, secrets: given.secrets ?? {} } as Manifest;
  return { format: STATE_FORMAT, scenario: head.scenario, clock: { ...head.clock }, manifest, seed: head.seed, idPosition: head.idPosition };
}
