/** Content import runs: kept as started, their status moving with the virtual clock, their pages in the target. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const IMPORTS = '/v1/org/{organizations.acme}/imports';
const advance = (by: string) => t.admin('POST', '/__admin/clock', { advance: by });
const rootTitles = async (space = 'handbook') => (await t.call('reader', 'GET', `/v1/spaces/{spaces.${space}}/content/pages`)).body.pages.map((p: any) => p.title);

describe('import runs', () => {
  it('keeps the source, target and caller, and moves pending → in progress → completed with the clock (official client)', async () => {
    const org = gb.id('organizations', 'acme');
    const start = await gb.client('editor').org.startImportRun(org, { source: { type: 'website', url: 'https://www.acme.test/careers' }, target: { space: gb.id('spaces', 'handbook') } });
    expect(start.status).toBe(201);
    expectOfficial('startImportRun', 201, start.data);
    const now = (await t.admin('GET', '/__admin/clock')).body.now;
    expect(start.data).toMatchObject({
      status: 'pending',
      source: { type: 'website', url: 'https://www.acme.test/careers' },
      target: { space: gb.id('spaces', 'handbook') },
      site: gb.id('sites', 'docs-site'),
      createdBy: gb.id('users', 'editor'),
      createdAt: now,
    });
    expect(start.data.startedAt).toBeUndefined();
    expect(start.data.completedAt).toBeUndefined();
    const id = start.data.id;
    await advance('PT10S');
    const running = await gb.client('reader').org.getImportRun(org, id);
    expectOfficial('getImportRun', 200, running.data);
    expect(running.data.status).toBe('in-progress');
    expect(Date.parse(running.data.startedAt!) - Date.parse(now)).toBe(5000);
    await advance('PT30S');
    const done = (await t.call('reader', 'GET', `${IMPORTS}/${id}`)).body;
    expect(done.status).toBe('completed');
    expect(Date.parse(done.completedAt) - Date.parse(now)).toBe(30000);
    expect(done.pages).toEqual([expect.objectContaining({ type: 'page', status: 'complete', sourceURL: 'https://www.acme.test/careers' })]);
    expect(await rootTitles()).toContain('careers');
    const page = await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/content/page/${done.pages[0].id}`);
    expect(page.status).toBe(200);
    const list = await gb.client('reader').org.listImportRuns(org, { status: 'completed' });
    expectOfficial('listImportRuns', 200, list.data);
    expect(list.data.items.map((r) => r.id)).toContain(id);
    expect((await t.call('reader', 'GET', `${IMPORTS}?status=active`)).body.items.map((r: any) => r.id)).not.toContain(id);
    // Too late to cancel.
    expect((await t.call('editor', 'POST', `${IMPORTS}/${id}/cancel`)).status).toBe(400);
  });

  it('imports files into a change request under a page, and a cancel takes the pages out again', async () => {
    const body = { source: { type: 'file', files: ['uploads/travel-policy.docx'] }, target: { space: gb.id('spaces', 'handbook'), changeRequest: gb.id('changeRequests', 'handbook-draft'), page: gb.id('pages', 'policies') } };
    const run = (await t.call('editor', 'POST', IMPORTS, body)).body;
    const crPages = async () => JSON.stringify((await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/content/pages')).body.pages);
    expect(await crPages()).toContain('travel policy');
    expect((await t.call('reader', 'GET', `${IMPORTS}?status=active&changeRequest=${body.target.changeRequest}`)).body.items.map((r: any) => r.id)).toEqual([run.id]);
    const cancelled = await t.call('editor', 'POST', `${IMPORTS}/${run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expectOfficial('cancelImportRun', 200, cancelled.body);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await crPages()).not.toContain('travel policy');
    await advance('PT1M');
    expect((await t.call('reader', 'GET', `${IMPORTS}/${run.id}`)).body.status).toBe('cancelled');
  });

  it('shows the scenario\'s runs, and refuses readers (403), unknown targets (400), outsiders and unknown runs (404)', async () => {
    const seeded = (await t.call('reader', 'GET', `${IMPORTS}/{officialRecords.website-import}`)).body;
    expect(seeded.status).toBe('completed');
    const body = { source: { type: 'website', url: 'https://www.acme.test/a' }, target: { space: gb.id('spaces', 'handbook') } };
    expect((await t.call('reader', 'POST', IMPORTS, body)).status).toBe(403);
    expect((await t.call('editor', 'POST', IMPORTS, { ...body, target: { space: gb.id('spaces', 'globex-guide') } })).status).toBe(400);
    expect((await t.call('editor', 'POST', IMPORTS, { ...body, target: { space: gb.id('spaces', 'handbook'), page: 'nope' } })).status).toBe(400);
    expect((await t.call('outsider', 'GET', IMPORTS)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${IMPORTS}/nope`)).status).toBe(404);
    expect(await rootTitles()).not.toContain('a');
  });
});
