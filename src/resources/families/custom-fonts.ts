/**
 * Custom fonts of an organization: a family of the engine (members read them, admins write,
 * as the organization's other customization). Each face is a weight and a file the caller
 * uploaded for it (generateStorageUploadURL, kind `customization_font`), named by its storage
 * key; the font's object shows each face's file where the mock serves it. A font always has a
 * regular face (weight 400): the official 412 otherwise.
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { CustomFontRecord } from '../../store/records.ts';
import { fontFormat, storageFileByKey, storageFileUrl } from '../shared/storage-files.ts';
import { defineFamily } from '../engine/family.ts';
import type { Scope } from '../engine/parents.ts';

type Face = CustomFontRecord['faces'][number];

interface CreateBody {
  fontFamily: string;
  fontFaces: { weight: number; storageKey: string }[];
}

interface UpdateBody {
  fontFamily?: string;
  /** A face per weight: its new file, or `null` to remove the weight. */
  fontFaces?: { weight: number; storageKey: string | null }[];
}

/** A storage key of a body, as the file of this organization it names (400 naming the field when none). */
function fileOf(ctx: HandlerContext, scope: Scope, storageKey: string, at: string): string {
  const file = storageFileByKey(ctx.db, scope.id, storageKey);
  if (!file) throw errors.unknownReference(storageKey, `${at}: no file "${storageKey}" was uploaded to this organization`);
  if (file.kind !== 'customization_font') throw errors.invalid('body', `${at}: file "${storageKey}" was uploaded as ${file.kind}, not as a font (customization_font)`);
  return file.id;
}

/** `faces` with the body's faces laid over them by weight (`null`: the weight removed), ordered by weight, a regular one required. */
function facesWith(ctx: HandlerContext, scope: Scope, faces: readonly Face[], given: NonNullable<UpdateBody['fontFaces']>): Face[] {
  // A weight the body removes maps to null.
  const byWeight = new Map<number, Face | null>(faces.map((face) => [face.weight, face]));
  const seen = new Set<number>();
  given.forEach(({ weight, storageKey }, i) => {
    if (seen.has(weight)) throw errors.invalid('body', `fontFaces[${i}].weight: weight ${weight} is given twice`);
    seen.add(weight);
    byWeight.set(weight, storageKey === null ? null : { weight, file: fileOf(ctx, scope, storageKey, `fontFaces[${i}].storageKey`) });
  });
  const kept = [...byWeight.values()].filter((face) => face !== null);
  if (!kept.some((face) => face.weight === 400)) throw errors.preconditionFailed('fontFaces: a font needs a regular face (weight 400)');
  return kept.sort((a, b) => a.weight - b.weight);
}

/** A face's sources: the file the mock keeps for it (none when the state lost it), or the URLs an older state kept. */
function sourcesOf(ctx: HandlerContext, face: Face): { url: string; format?: 'woff2' | 'woff' }[] {
  if (face.file === undefined) return face.sources ?? [];
  const file = ctx.db.storageFiles.get(face.file);
  if (!file) return [];
  const format = fontFormat(file);
  return [{ url: storageFileUrl(ctx, file), ...(format && { format }) }];
}

export const customFonts = defineFamily<CustomFontRecord, CreateBody, UpdateBody>({
  collection: 'customFonts',
  table: (db) => db.customFonts,
  label: 'Font',
  idKind: 'font',
  parent: 'organization',
  access: { read: 'view', write: 'admin' },
  operations: {
    list: 'listCustomFonts',
    create: 'createCustomFont',
    get: 'getCustomFont',
    update: 'updateCustomFont',
    delete: 'deleteCustomFont',
  },
  // The official document answers a deleted font 205, and one that is not there 204.
  deleteStatus: 205,
  deleteMissingStatus: 204,
  // starter's acme holds the file (scenarios/starter.json, storageFiles).
  example: {
    create: { fontFamily: 'Acme Serif', fontFaces: [{ weight: 400, storageKey: 'customization_font/acme/acme-sans-regular.woff2' }] },
    update: { fontFamily: 'Acme Serif Text' },
  },
  create: (body, ctx, scope) => ({ fontFamily: body.fontFamily, faces: facesWith(ctx, scope, [], body.fontFaces) }),
  update: (record, body, ctx, scope) => ({
    ...(body.fontFamily !== undefined && { fontFamily: body.fontFamily }),
    ...(body.fontFaces !== undefined && { faces: facesWith(ctx, scope, record.faces, body.fontFaces) }),
  }),
  // {"key", "organization", "fontFamily", "fontFaces": [{"weight", "file": KEY of a storageFiles entry}]}
  scenario: {
    parentField: 'organization',
    build: (e, ref, path) => ({
      fontFamily: String(e.fontFamily),
      faces: (e.fontFaces as { weight: number; file: string }[])
        .map((face, i) => ({ weight: face.weight, file: ref('storageFiles', face.file, `${path}/fontFaces/${i}/file`) }))
        .sort((a, b) => a.weight - b.weight),
    }),
  },
  // A font made here is custom by definition; who may change it is who administers its organization.
  present: (font, ctx, scope) => ({
    id: font.id,
    custom: true,
    fontFamily: font.fontFamily,
    fontFaces: font.faces.map((face) => ({ weight: face.weight, sources: sourcesOf(ctx, face) })).filter((face) => face.sources.length > 0),
    permissions: { edit: can(scope.role, 'admin') },
  }),
});
