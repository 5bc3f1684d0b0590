/** POST .../change-requests/{id}/content: the official `changes` applied to the change request's content. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';
const titles = async () => {
  const walk = (pages: any[]): string[] => pages.flatMap((p) => [p.title, ...walk(p.pages ?? [])]);
  return walk((await t.call('reader', 'GET', `${CR}/content/pages`)).body.pages);
};

describe('updateChangeRequestContent', () => {
  it('inserts, updates and deletes pages; the change request content shows them (official client)', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = gb.id('changeRequests', 'handbook-draft');
    const res = await gb.client('editor').spaces.updateChangeRequestContent(space, cr, {
      changes: [
        { operation: 'insert_page', ref: 'holidays', into: gb.id('pages', 'policies'), document: { markdown: '# Holidays\n\nWe close between Christmas and New Year.\n' } },
        { operation: 'update_page', page: gb.id('pages', 'onboarding'), title: 'First week', description: 'Your first days' },
        { operation: 'delete_page', page: gb.id('pages', 'expenses') },
      ],
    }, { compat: false });
    expect(res.status).toBe(200);
    expectOfficial('updateChangeRequestContent', 200, res.data);
    const data = res.data as any;
    expect(data.changes.map((c: any) => c.object)).toEqual(['created_page', 'updated_page', 'deleted_page']);
    expect(data.changes[0].ref).toBe('holidays');
    const created = data.changes[0].page;
    const page = await t.call('reader', 'GET', `${CR}/content/page/${created.id}`);
    expect(page.body.title).toBe('Holidays');
    expect(created.urls.location).toContain(`/content/page/${created.id}`);
    expect(await titles()).toEqual(['Welcome to Acme', 'First week', 'Policies', 'Remote work', 'Holidays']);
    // The live content stays as it was until the change request is merged.
    const live = (await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/content/pages')).body.pages;
    expect(live.map((p: any) => p.title)).toContain('Onboarding');
    expect((await t.call('admin', 'POST', `${CR}/merge`)).status).toBe(200);
    const merged = (await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/content/pages')).body.pages;
    expect(merged.map((p: any) => p.title)).toEqual(['Welcome to Acme', 'First week', 'Policies']);
  });

  it('answers the change request by default, with its new revision and the editor as a contributor', async () => {
    const before = (await t.call('reader', 'GET', CR)).body;
    const res = await t.call('admin', 'POST', `${CR}/content`, { changes: [{ operation: 'update_page', page: gb.id('pages', 'welcome'), document: { markdown: 'Hello everyone.' } }] });
    expect(res.status).toBe(200);
    expectOfficial('updateChangeRequestContent', 200, res.body);
    expect(res.body.id).toBe(before.id);
    expect(res.body.revision).not.toBe(before.revision);
    const page = (await t.call('reader', 'GET', `${CR}/content/page/{pages.welcome}?format=markdown`)).body;
    expect(JSON.stringify(page)).toContain('Hello everyone.');
    const contributors = (await t.call('reader', 'GET', `${CR}/contributors`)).body.items;
    expect(contributors.some((c: any) => c.user.id === gb.id('users', 'admin') && c.actionType === 'edit')).toBe(true);
  });

  it('moves a page and reverts it to the base revision', async () => {
    const move = await t.call('editor', 'POST', `${CR}/content`, { changes: [{ operation: 'update_page', page: gb.id('pages', 'expenses'), into: null, at: 0 }] });
    expect(move.status).toBe(200);
    expect((await titles())[0]).toBe('Expenses');
    await t.call('editor', 'POST', `${CR}/content`, { changes: [{ operation: 'delete_page', page: gb.id('pages', 'onboarding') }] });
    expect(await titles()).not.toContain('Onboarding');
    await t.call('editor', 'POST', `${CR}/content`, { changes: [{ operation: 'revert_page', page: gb.id('pages', 'onboarding') }] });
    expect(await titles()).toContain('Onboarding');
  });

  it('inserts files and names them in the answer', async () => {
    const res = await t.call('editor', 'POST', `${CR}/content?compat=false`, { changes: [{ operation: 'insert_files', files: [{ name: 'chart.png', url: 'https://files.acme.test/chart.png' }] }] });
    expect(res.status).toBe(200);
    expectOfficial('updateChangeRequestContent', 200, res.body);
    const [file] = res.body.insertedFiles;
    expect(file).toMatchObject({ name: 'chart.png', contentType: 'image/png' });
    const files = (await t.call('reader', 'GET', `${CR}/content/files`)).body.items;
    expect(files.map((f: any) => f.id)).toContain(file.id);
  });

  it('refuses the whole batch when one change names an unknown page (404), and readers (403)', async () => {
    const before = (await t.call('reader', 'GET', CR)).body.revision;
    const res = await t.call('editor', 'POST', `${CR}/content`, { changes: [{ operation: 'insert_page', document: { markdown: '# Kept?' } }, { operation: 'delete_page', page: 'nope' }] });
    expect(res.status).toBe(404);
    expect((await t.call('reader', 'GET', CR)).body.revision).toBe(before);
    expect(await titles()).not.toContain('Kept?');
    expect((await t.call('reader', 'POST', `${CR}/content`, { changes: [{ operation: 'delete_page', page: gb.id('pages', 'expenses') }] })).status).toBe(403);
    expect((await t.call('editor', 'POST', `${CR}/content`, { changes: [] })).status).toBe(400);
    expect((await t.call('outsider', 'POST', `${CR}/content`, { changes: [{ operation: 'delete_page', page: 'x' }] })).status).toBe(404);
  });
});
