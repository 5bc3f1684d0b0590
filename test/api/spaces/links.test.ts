import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const L = '/v1/spaces/{spaces.handbook}/links';
const K = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/content';

interface Item {
  status: string;
  targetReference: { kind: string; url?: string; page?: { id: string; path: string }; file?: { id: string } };
  locationReferences: { page: { id: string } }[];
}

/** Writes a broken link into the change request's remote-work page (test setup). */
function breakLinkInChangeRequest(t: Calls): void {
  const db = gb.mock!.runtime.db;
  const cr = db.changeRequests.get(gb.id('changeRequests', 'handbook-draft'))!;
  const revision = db.revisions.get(cr.revision)!;
  const policies = revision.pages[2];
  const remote = { ...policies.pages[0], markdown: `${policies.pages[0].markdown}\nSee the [travel rules](travel.md).\n` };
  const pages = [revision.pages[0], revision.pages[1], { ...policies, pages: [remote, policies.pages[1]] }];
  db.revisions.update(revision.id, { pages });
}

describe('space links', () => {
  it('finds the links of the current content with their status', async () => {
    const res = await t.call('reader', 'GET', L);
    expect(res.status).toBe(200);
    const items = res.body.items as Item[];
    const broken = items.filter((i) => i.status === 'broken');
    expect(broken.map((i) => i.targetReference.url)).toEqual(['security-checklist.md']);
    expect(broken[0].locationReferences.map((l) => l.page.id)).toEqual([gb.id('pages', 'onboarding')]);
    expect(items.filter((i) => i.status === 'in-app').map((i) => i.targetReference.url)).toEqual([
      'https://app.gitbook.com/o/acme/s/forms/expense-form',
    ]);
  });

  it('resolves relative .md links to pages, and the image to its file', async () => {
    const items = (await t.call('reader', 'GET', L)).body.items as Item[];
    const expenses = items.find((i) => i.targetReference.page?.id === gb.id('pages', 'expenses'))!;
    expect(expenses.status).toBe('ok');
    expect(expenses.locationReferences.map((l) => l.page.id).sort()).toEqual([gb.id('pages', 'policies'), gb.id('pages', 'remote-work')].sort());
    const photo = items.find((i) => i.targetReference.kind === 'file')!;
    expect(photo.targetReference.file!.id).toBe(gb.id('files', 'team-photo'));
  });

  it('has stats that match the items', async () => {
    const res = await t.call('reader', 'GET', L);
    const items = res.body.items as Item[];
    expect(res.body.stats).toEqual({ total: items.length, broken: { total: items.filter((i) => i.status === 'broken').length, changeRequest: 0 } });
    expect(res.body.count).toBe(items.length);
  });

  it.each(['ok', 'broken', 'in-app'])('filters by status=%s, keeping stats of the whole list', async (status) => {
    const all = (await t.call('reader', 'GET', L)).body;
    const res = await t.call('reader', 'GET', `${L}?status=${status}`);
    expect(res.body.items.length).toBe(all.items.filter((i: Item) => i.status === status).length);
    expect(res.body.items.every((i: Item) => i.status === status)).toBe(true);
    expect(res.body.stats).toEqual(all.stats);
  });

  it('refuses an unknown status with 400 naming the field', async () => {
    const res = await t.call('reader', 'GET', `${L}?status=dead`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('query.status');
  });

  it('counts broken links that only a change request holds', async () => {
    breakLinkInChangeRequest(t);
    const res = await t.call('reader', 'GET', L);
    expect(res.body.stats.broken).toEqual({ total: 1, changeRequest: 1 });
  });

  it('follows a merge: the fixed content no longer links to the vendor guide', async () => {
    await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/merge');
    const items = (await t.call('reader', 'GET', L)).body.items as Item[];
    expect(items.some((i) => i.targetReference.url === 'https://example.com/home-office')).toBe(false);
  });

  it('hides a private space from an outsider (404)', async () => {
    expect((await t.call('outsider', 'GET', L)).status).toBe(404);
  });
});

describe('page links in a change request', () => {
  it('lists the links of one page with stats', async () => {
    const res = await t.call('reader', 'GET', `${K}/page/{pages.onboarding}/links`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: Item) => i.status).sort()).toEqual(['broken', 'ok']);
    expect(res.body.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
  });

  it('counts in broken.changeRequest the broken links the change request introduced', async () => {
    breakLinkInChangeRequest(t);
    const res = await t.call('reader', 'GET', `${K}/page/{pages.remote-work}/links`);
    expect(res.body.stats.broken).toEqual({ total: 1, changeRequest: 1 });
  });

  it('paginates', async () => {
    const first = await t.call('reader', 'GET', `${K}/page/{pages.welcome}/links?limit=2`);
    const second = await t.call('reader', 'GET', `${K}/page/{pages.welcome}/links?limit=2&page=${first.body.next.page}`);
    expect(first.body.items.length + second.body.items.length).toBe(first.body.count);
  });

  it('answers 404 for an unknown page', async () => {
    expect((await t.call('reader', 'GET', `${K}/page/nope/links`)).status).toBe(404);
  });
});

describe('file backlinks in a change request', () => {
  it('lists the pages that link to the file', async () => {
    const res = await t.call('reader', 'GET', `${K}/files/{files.team-photo}/backlinks`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      kind: 'file',
      file: { id: gb.id('files', 'team-photo') },
      page: { id: gb.id('pages', 'welcome') },
      space: { id: gb.id('spaces', 'handbook') },
      versionContext: { type: 'changeRequest', changeRequest: gb.id('changeRequests', 'handbook-draft') },
    });
  });

  it('is empty for a file nothing links to', async () => {
    const res = await t.call('reader', 'GET', `${K}/files/{files.benefits-guide}/backlinks`);
    expect(res.body).toEqual({ items: [], count: 0 });
  });

  it('answers 404 for an unknown file', async () => {
    expect((await t.call('reader', 'GET', `${K}/files/nope/backlinks`)).status).toBe(404);
  });
});
