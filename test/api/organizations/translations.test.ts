import { TranslationLanguage } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial, officialResponseValidator } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const TR = '/v1/orgs/{organizations.acme}/translations';

describe('translation settings', () => {
  it('lists translations through the official client, with seed and official fields', async () => {
    const { data } = await gb.client('reader').orgs.listTranslations(gb.id('organizations', 'acme'));
    expectOfficial('listTranslations', 200, data);
    // starter's translation has the handbook as its source, run long ago.
    expect(data.items[0]).toMatchObject({ title: 'French handbook', languages: ['fr'], language: 'fr', status: 'completed', source: { space: gb.id('spaces', 'handbook'), language: 'en' } });
  });

  it('creates from the seed shape (title and languages): no source, so none shown and nothing run', async () => {
    const res = await t.call('admin', 'POST', TR, { title: 'German docs', languages: ['de', 'fr'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'German docs', languages: ['de', 'fr'], language: 'de', status: 'pending' });
    expect(res.body).not.toHaveProperty('source');
    // The official Translation requires a source; the seed's shape has none, and naming a space that is not its source would be inventing one.
    const validate = officialResponseValidator('createTranslation', 201)!;
    expect(validate(res.body)).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([" must have required property 'source'"]);
    await t.admin('POST', '/__admin/clock', { advance: 'P1D' });
    const later = (await t.call('reader', 'GET', `${TR}/${res.body.id}`)).body;
    expect(later).toMatchObject({ status: 'pending', stats: { runs: 0, totalPages: 0 } });
    expect(later).not.toHaveProperty('source');
  });

  it('creates from the official shape through the official client, and runs with the clock', async () => {
    const org = gb.id('organizations', 'acme');
    const res = await gb.client('admin').orgs.createTranslation(org, {
      language: TranslationLanguage.Ja,
      source: { space: gb.id('spaces', 'handbook'), language: TranslationLanguage.En },
    });
    expect(res.status).toBe(201);
    expectOfficial('createTranslation', 201, res.data);
    expect(res.data).toMatchObject({ language: 'ja', source: { space: gb.id('spaces', 'handbook'), language: 'en' }, status: 'pending' });
    expect((res.data as unknown as { languages: string[] }).languages).toEqual(['ja']);
    await t.admin('POST', '/__admin/clock', { advance: 'PT1M' });
    const later = await t.call('admin', 'GET', `${TR}/${res.data.id}`);
    expect(later.body.status).toBe('completed');
    expect(later.body.stats).toMatchObject({ runs: 1, totalPages: 5 });
  });

  it.each([
    [{}, 'title'],
    [{ title: '' }, 'title'],
    [{ title: 'x'.repeat(101) }, 'title'],
    [{ title: 'X', languages: ['klingon'] }, 'languages'],
    [{ language: 'fr' }, 'source'],
    [{ language: 'xx', source: { space: 's', language: 'en' } }, 'language'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'POST', TR, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await t.call('admin', 'GET', TR)).body.count).toBe(1);
  });

  it('refuses a source space of another organization (400)', async () => {
    const res = await t.call('admin', 'POST', TR, { language: 'fr', source: { space: 'elsewhere', language: 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('source.space');
  });

  it('gets one through the official client, 404 when unknown', async () => {
    const { data } = await gb.client('reader').orgs.getTranslation(gb.id('organizations', 'acme'), gb.id('translations', 'french'));
    expectOfficial('getTranslation', 200, data);
    expect(data.source).toEqual({ space: gb.id('spaces', 'handbook'), language: 'en' });
    expect(data.stats).toMatchObject({ runs: 1, totalPages: 5 });
    expect((await t.call('reader', 'GET', `${TR}/unknown`)).status).toBe(404);
  });

  it('updates the title (seed) or the instructions (official)', async () => {
    const renamed = await t.call('admin', 'PUT', `${TR}/{translations.french}`, { title: 'French' });
    expect(renamed.body.title).toBe('French');
    const instructions = { object: 'document' as const, data: {}, nodes: [] };
    const { data } = await gb.client('admin').orgs.updateTranslation(gb.id('organizations', 'acme'), gb.id('translations', 'french'), { instructions });
    expectOfficial('updateTranslation', 200, data);
    expect(data.instructions).toEqual(instructions);
    expect((data as unknown as { title: string }).title).toBe('French');
  });

  it('keeps instructions of paragraphs and headings, which the official Translation accepts', async () => {
    const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [{ object: 'mark', type: 'bold' }] }] });
    const instructions = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'heading-1', data: {}, nodes: [text('Tone')] },
        { object: 'block', type: 'paragraph', nodes: [text('Keep it formal.')] },
      ],
    };
    const res = await t.call('admin', 'PUT', `${TR}/{translations.french}`, { instructions });
    expect(res.status).toBe(200);
    expectOfficial('updateTranslation', 200, res.body);
    expect(res.body.instructions).toEqual(instructions);
  });

  it('refuses instructions that are not an official document (400 naming the field), changing nothing', async () => {
    const before = (await t.call('admin', 'GET', `${TR}/{translations.french}`)).body;
    const res = await t.call('admin', 'PUT', `${TR}/{translations.french}`, { instructions: { object: 'document', data: {}, nodes: [{}] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.instructions.nodes[0]');
    expect((await t.call('admin', 'GET', `${TR}/{translations.french}`)).body).toEqual(before);
  });

  it('refuses an update with neither title nor instructions (400)', async () => {
    const res = await t.call('admin', 'PUT', `${TR}/{translations.french}`, { languages: ['de'] });
    expect(res.status).toBe(400);
  });

  it('deletes one (205) through the official client', async () => {
    const res = await gb.client('admin').orgs.deleteTranslation(gb.id('organizations', 'acme'), gb.id('translations', 'french'));
    expect(res.status).toBe(205);
    expect((await t.call('admin', 'GET', `${TR}/{translations.french}`)).status).toBe(404);
  });

  it.each([
    ['POST', TR, { title: 'X' }],
    ['PUT', `${TR}/{translations.french}`, { title: 'X' }],
    ['DELETE', `${TR}/{translations.french}`, undefined],
  ])('refuses %s %s to non-admins (403)', async (method, path, body) => {
    expect((await t.call('creator', method, path, body)).status).toBe(403);
  });
});
