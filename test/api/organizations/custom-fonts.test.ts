/**
 * Custom fonts (issue 42), as a user of the official client meets them: a font file uploaded
 * through generateStorageUploadURL's signed URL, a font made of it, read back by an admin (who
 * may edit it) and a reader (who may not), its source the mock's URL of the very bytes sent;
 * then changed, listed and deleted. And what the service refuses, keeping nothing.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
const ORG = '/v1/orgs/{organizations.acme}';

/** Bytes a WOFF2 file starts with, then every byte value: what goes up must come back unchanged. */
const FONT_BYTES = new Uint8Array([...new TextEncoder().encode('wOF2'), ...Array.from({ length: 700 }, (_, i) => (i * 37 + 11) % 256)]);

/** Uploads `bytes` as a font file named `name` through the official client; the storage key it answers. */
async function upload(name: string, bytes: Uint8Array<ArrayBuffer> = FONT_BYTES, kind: 'customization_font' | 'organization_file' = 'customization_font', type = 'font/woff2'): Promise<string> {
  const org = gb.id('organizations', 'acme');
  const { data } = await gb.client('admin').orgs.generateStorageUploadUrl(org, { file: { name, type, size: bytes.length }, kind } as never);
  const url = new URL(data.url);
  const put = await gb.fetch(`${url.pathname}${url.search}`, { method: 'PUT', body: bytes, headers: { 'content-type': type } });
  expect(put.status).toBe(200);
  return data.key;
}

const fontsState = async () => (await t.admin('GET', '/__admin/state')).body.customFonts;

describe('custom fonts', () => {
  it('upload, create, read as admin and reader, fetch the file, update, list, delete', async () => {
    const org = gb.id('organizations', 'acme');
    const admin = gb.client('admin');
    const regular = await upload('brand-regular.woff2');

    const made = await admin.orgs.createCustomFont(org, { fontFamily: 'Brand Sans', fontFaces: [{ weight: 400, storageKey: regular }] });
    expect(made.status).toBe(201);
    expectOfficial('createCustomFont', 201, made.data);
    expect(made.data).toMatchObject({ custom: true, fontFamily: 'Brand Sans', permissions: { edit: true } });
    expect(made.data.fontFaces).toHaveLength(1);
    expect(made.data.fontFaces[0]).toMatchObject({ weight: 400, sources: [{ format: 'woff2' }] });

    const asAdmin = await admin.orgs.getCustomFont(org, made.data.id);
    expectOfficial('getCustomFont', 200, asAdmin.data);
    expect(asAdmin.data).toEqual(made.data);
    const asReader = await gb.client('reader').orgs.getCustomFont(org, made.data.id);
    expect(asReader.data).toEqual({ ...made.data, permissions: { edit: false } });

    // The source is the mock's URL of the uploaded file: anyone with it gets the bytes sent, with their type.
    const source = made.data.fontFaces[0].sources[0].url;
    expect(new URL(source).origin).toBe(new URL(gb.url).origin);
    const file = await gb.fetch(source);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('font/woff2');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(FONT_BYTES);

    // A bold face is added, the regular one kept; the name changes.
    const bold = await upload('brand-bold.woff', new Uint8Array([1, 2, 3, 250]), 'customization_font', 'font/woff');
    const updated = await admin.orgs.updateCustomFont(org, made.data.id, { fontFamily: 'Brand Sans Text', fontFaces: [{ weight: 700, storageKey: bold }] });
    expect(updated.status).toBe(201);
    expectOfficial('updateCustomFont', 201, updated.data);
    expect(updated.data.fontFamily).toBe('Brand Sans Text');
    expect(updated.data.fontFaces.map((f) => [f.weight, f.sources[0].format])).toEqual([[400, 'woff2'], [700, 'woff']]);
    expect(updated.data.fontFaces[0].sources[0].url).toBe(source);
    // An update of the name alone keeps the faces.
    const renamed = await admin.orgs.updateCustomFont(org, made.data.id, { fontFamily: 'Brand' });
    expect(renamed.data.fontFaces).toEqual(updated.data.fontFaces);

    const listed = await gb.client('reader').orgs.listCustomFonts(org);
    expectOfficial('listCustomFonts', 200, listed.data);
    expect(listed.data.items.find((f) => f.id === made.data.id)).toEqual({ ...renamed.data, permissions: { edit: false } });

    // The bold weight removed (a null storage key), then the font deleted.
    const thinner = await admin.orgs.updateCustomFont(org, made.data.id, { fontFaces: [{ weight: 700, storageKey: null }] });
    expect(thinner.data.fontFaces.map((f) => f.weight)).toEqual([400]);
    const removed = await admin.orgs.deleteCustomFont(org, made.data.id);
    expect(removed.status).toBe(205);
    expect((await t.call('admin', 'GET', `${ORG}/fonts/${made.data.id}`)).status).toBe(404);
    // Deleting it again: the official "font not found" answer, 204, nothing changed.
    expect((await t.call('admin', 'DELETE', `${ORG}/fonts/${made.data.id}`)).status).toBe(204);
    expect((await admin.orgs.listCustomFonts(org)).data.items.map((f) => f.id)).not.toContain(made.data.id);
  });

  it("starter's Acme Sans answers from its files: custom, its two weights served by the mock", async () => {
    const res = await t.call('editor', 'GET', `${ORG}/fonts/{customFonts.acme-sans}`);
    expect(res.status).toBe(200);
    expectOfficial('getCustomFont', 200, res.body);
    expect(res.body).toMatchObject({ custom: true, fontFamily: 'Acme Sans', permissions: { edit: false } });
    expect(res.body.fontFaces.map((f: { weight: number }) => f.weight)).toEqual([400, 700]);
    for (const face of res.body.fontFaces) expect((await gb.fetch(face.sources[0].url)).status).toBe(200);
  });

  it('a TrueType file has no format (the official enum has woff2 and woff only)', async () => {
    const key = await upload('brand.ttf', new Uint8Array([0, 1, 0, 0]), 'customization_font', 'font/ttf');
    const res = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Brand', fontFaces: [{ weight: 400, storageKey: key }] });
    expect(res.status).toBe(201);
    expect(res.body.fontFaces[0].sources).toEqual([{ url: expect.stringMatching(/\/brand\.ttf$/) }]);
  });

  it('refuses a storage key naming no file the mock holds, or a file not uploaded as a font (400 naming the field), and keeps nothing', async () => {
    const before = await fontsState();
    const unknown = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Ghost', fontFaces: [{ weight: 400, storageKey: 'customization_font/nowhere/x.woff2' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/fontFaces\[0\]\.storageKey/);
    // A key given by generateStorageUploadURL whose upload never came.
    const { data } = await gb.client('admin').orgs.generateStorageUploadUrl(gb.id('organizations', 'acme'), { file: { name: 'late.woff2', type: 'font/woff2', size: 4 }, kind: 'customization_font' } as never);
    expect((await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Late', fontFaces: [{ weight: 400, storageKey: data.key }] })).status).toBe(400);
    const logo = await upload('logo.png', new Uint8Array([137, 80, 78, 71]), 'organization_file', 'image/png');
    const notFont = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Logo', fontFaces: [{ weight: 400, storageKey: logo }] });
    expect(notFont.status).toBe(400);
    expect(notFont.body.error.message).toMatch(/fontFaces\[0\]\.storageKey.*organization_file/);
    // Another organization's file is not this one's.
    expect((await t.call('admin', 'PUT', `/v1/orgs/{organizations.globex}/fonts`, { fontFamily: 'Stolen', fontFaces: [{ weight: 400, storageKey: 'customization_font/acme/acme-sans-regular.woff2' }] })).status).toBe(400);
    expect(await fontsState()).toEqual(before);
  });

  it('needs a regular face (weight 400): 412 on create, and on an update that removes it; a weight given twice is a 400', async () => {
    const key = await upload('brand-regular.woff2');
    const before = await fontsState();
    const noRegular = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Bold only', fontFaces: [{ weight: 700, storageKey: key }] });
    expect(noRegular.status).toBe(412);
    expect(noRegular.body.error.message).toMatch(/weight 400/);
    const twice = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Twice', fontFaces: [{ weight: 400, storageKey: key }, { weight: 400, storageKey: key }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(/fontFaces\[1\]\.weight/);
    expect((await t.call('admin', 'POST', `${ORG}/fonts/{customFonts.acme-sans}`, { fontFaces: [{ weight: 400, storageKey: null }] })).status).toBe(412);
    expect(await fontsState()).toEqual(before);
  });

  it('a reader may not write (403), a stranger sees no organization (404), a missing field is a 400 naming it', async () => {
    const body = { fontFamily: 'Nope', fontFaces: [{ weight: 400, storageKey: 'customization_font/acme/acme-sans-regular.woff2' }] };
    expect((await t.call('reader', 'PUT', `${ORG}/fonts`, body)).status).toBe(403);
    expect((await t.call('reader', 'POST', `${ORG}/fonts/{customFonts.acme-sans}`, { fontFamily: 'Nope' })).status).toBe(403);
    expect((await t.call('reader', 'DELETE', `${ORG}/fonts/{customFonts.acme-sans}`)).status).toBe(403);
    expect((await t.call('reader', 'DELETE', `${ORG}/fonts/nope`)).status).toBe(403);
    expect((await t.call('outsider', 'DELETE', `${ORG}/fonts/{customFonts.acme-sans}`)).status).toBe(404);
    // Acme's font is not globex's: nothing there to delete (204), and acme's stays.
    expect((await t.call('admin', 'DELETE', `/v1/orgs/{organizations.globex}/fonts/{customFonts.acme-sans}`)).status).toBe(204);
    expect((await t.call('admin', 'GET', `${ORG}/fonts/{customFonts.acme-sans}`)).status).toBe(200);
    expect((await t.call('outsider', 'GET', `${ORG}/fonts`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `/v1/orgs/{organizations.globex}/fonts/{customFonts.acme-sans}`)).status).toBe(404);
    const missing = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFaces: body.fontFaces });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/fontFamily/);
  });

  describe('with a second mock to import into', () => {
    const other = useGitBookMock({ wallClock: () => 0 });

    it('an uploaded file and its font go with the state: exported, imported, the file still served', async () => {
      const key = await upload('brand-regular.woff2');
      const made = await t.call('admin', 'PUT', `${ORG}/fonts`, { fontFamily: 'Moving Sans', fontFaces: [{ weight: 400, storageKey: key }] });
      const state = (await t.admin('GET', '/__admin/state')).body;
      expect((await callsOn(other).admin('PUT', '/__admin/state', state)).status).toBe(200);
      const font = await callsOn(other).call('reader', 'GET', `${ORG}/fonts/${made.body.id}`);
      expect(font.body.fontFamily).toBe('Moving Sans');
      const file = await other.fetch(new URL(font.body.fontFaces[0].sources[0].url).pathname);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(FONT_BYTES);
    });

    it('refuses a state whose font names a file the state does not hold (400 naming it), keeping the state it had', async () => {
      const state = (await t.admin('GET', '/__admin/state')).body;
      const before = (await callsOn(other).admin('GET', '/__admin/state')).body;
      const spoiled = { ...state, storageFiles: state.storageFiles.filter((f: { storageKey: string }) => !f.storageKey.endsWith('acme-sans-bold.woff2')) };
      const refused = await callsOn(other).admin('PUT', '/__admin/state', spoiled);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/customFonts\[0\]\.faces\.file ".+" is not an id of storageFiles/);
      expect((await callsOn(other).admin('GET', '/__admin/state')).body).toEqual(before);
    });

    it('an export made when the generic tier kept fonts still loads: its fonts become custom fonts, keeping the URLs they held', async () => {
      const state = (await t.admin('GET', '/__admin/state')).body;
      const org = gb.id('organizations', 'acme');
      const older = { ...state, customFonts: undefined, storageFiles: undefined };
      delete older.customFonts;
      delete older.storageFiles;
      const row = (id: string, fields: object) => ({ id, parent: org, family: '/v1/orgs/{}/fonts', createdAt: gb.manifest.now, fields });
      older.officialRecords = [
        ...state.officialRecords,
        row('old-sans', { fontFamily: 'Old Sans', custom: false, fontFaces: [{ weight: 700, sources: [{ url: 'https://cdn.acme.test/old-bold.woff2', format: 'woff2' }] }, { weight: 400, sources: [{ url: 'https://cdn.acme.test/old.woff' }] }] }),
        // Made through the generic tier: its storage key names a file the mock never kept.
        row('lost-sans', { fontFamily: 'Lost Sans', fontFaces: [{ weight: 400, storageKey: 'fonts/lost.woff2' }] }),
      ];
      const imported = await callsOn(other).admin('PUT', '/__admin/state', older);
      expect(imported.body?.error).toBeUndefined();
      const list = await callsOn(other).call('admin', 'GET', `${ORG}/fonts`);
      expectOfficial('listCustomFonts', 200, list.body);
      expect(list.body.items).toEqual([{
        id: 'old-sans', custom: true, fontFamily: 'Old Sans', permissions: { edit: true },
        fontFaces: [{ weight: 400, sources: [{ url: 'https://cdn.acme.test/old.woff' }] }, { weight: 700, sources: [{ url: 'https://cdn.acme.test/old-bold.woff2', format: 'woff2' }] }],
      }]);
      const exported = (await callsOn(other).admin('GET', '/__admin/state')).body;
      expect(exported.officialRecords.filter((r: { family: string }) => r.family === '/v1/orgs/{}/fonts')).toEqual([]);
    });
  });
});
