/** Reviews and semantic changes of a change request, through the official client. */
import { describe, expect, it } from 'vitest';
import { ChangeRequestReviewStatus } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';
/** The reviews the starter's draft comes with (its admin's approval, `draft-approval`). */
const STARTER_REVIEWS = 1;
const doc = (text: string) => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] });

describe('change-request reviews', () => {
  it('a requested reviewer approves; the review lists, its request is named, and a newer one outdates it', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = gb.id('changeRequests', 'handbook-draft');
    const client = gb.client('reviewer');
    const first = await client.spaces.submitChangeRequestReview(space, cr, { status: ChangeRequestReviewStatus.ChangesRequested });
    expect(first.status).toBe(201);
    expectOfficial('submitChangeRequestReview', 201, first.data);
    expect(first.data).toMatchObject({ status: 'changes-requested', outdated: false, reviewer: { id: gb.id('users', 'reviewer') }, requestedBy: { id: gb.id('users', 'editor') } });
    expect(first.headers.get('location')).toBe(first.data.urls.location);
    const current = (await t.call('reader', 'GET', CR)).body.revision;
    expect(first.data.revision).toBe(current);
    const second = await client.spaces.submitChangeRequestReview(space, cr, { status: ChangeRequestReviewStatus.Approved });
    const list = await gb.client('reader').spaces.getReviewsByChangeRequestId(space, cr);
    expectOfficial('getReviewsByChangeRequestId', 200, list.data);
    // The starter's draft comes approved by its admin; the reviewer's newer review outdates their first.
    expect(list.data.items.map((r) => [r.id, r.status, r.outdated])).toEqual([
      [gb.id('changeRequestReviews', 'draft-approval'), 'approved', false],
      [first.data.id, 'changes-requested', true],
      [second.data.id, 'approved', false],
    ]);
    const current2 = await t.call('reader', 'GET', `${CR}/reviews?outdated=false`);
    expect(current2.body.items.map((r: { id: string }) => r.id)).toEqual([gb.id('changeRequestReviews', 'draft-approval'), second.data.id]);
  });

  it('posts the review comment as a comment of the change request', async () => {
    const before = (await t.call('reader', 'GET', `${CR}/comments`)).body.count;
    const res = await t.call('reviewer', 'POST', `${CR}/reviews`, { status: 'approved', comment: doc('Looks good to me') });
    expect(res.status).toBe(201);
    expectOfficial('submitChangeRequestReview', 201, res.body);
    expect(res.body.comment.body.markdown).toBe('Looks good to me');
    const comments = (await t.call('reader', 'GET', `${CR}/comments`)).body;
    expect(comments.count).toBe(before + 1);
    expect(comments.items.map((c: { id: string }) => c.id)).toContain(res.body.comment.id);
    const listed = (await t.call('reader', 'GET', `${CR}/reviews?format=document`)).body;
    expectOfficial('getReviewsByChangeRequestId', 200, listed);
    expect(listed.items.find((r: { id: string }) => r.id === res.body.id).comment.body.document.nodes).toHaveLength(1);
  });

  it('takes the comment in every official Document shape: markdown, a JSON document, or empty (issue 24)', async () => {
    const client = gb.client('reviewer');
    const space = gb.id('spaces', 'handbook');
    const cr = gb.id('changeRequests', 'handbook-draft');
    const count = async () => (await t.call('reader', 'GET', `${CR}/comments`)).body.count;
    const before = await count();

    const markdown = await client.spaces.submitChangeRequestReview(space, cr, { status: ChangeRequestReviewStatus.Approved, comment: { markdown: 'LGTM\n\nShip it' } });
    expect(markdown.status).toBe(201);
    expectOfficial('submitChangeRequestReview', 201, markdown.data);
    expect(markdown.data.comment?.body).toMatchObject({ markdown: 'LGTM\n\nShip it' });
    const asDocument = await t.call('reader', 'GET', `${CR}/comments/${markdown.data.comment!.id}?format=document`);
    expect(asDocument.body.body.document.nodes).toHaveLength(2);

    const document = await client.spaces.submitChangeRequestReview(space, cr, {
      status: ChangeRequestReviewStatus.ChangesRequested,
      comment: { document: doc('One typo on the second page') as never },
    });
    expect(document.status).toBe(201);
    expect(document.data.comment?.body).toMatchObject({ markdown: 'One typo on the second page' });

    // An empty document says nothing: the review is kept, no comment is posted.
    const empty = await client.spaces.submitChangeRequestReview(space, cr, { status: ChangeRequestReviewStatus.Approved, comment: {} });
    expect(empty.status).toBe(201);
    expectOfficial('submitChangeRequestReview', 201, empty.data);
    expect(empty.data.comment).toBeUndefined();

    expect(await count()).toBe(before + 2);
    expect((await t.call('reader', 'GET', `${CR}/reviews`)).body.count).toBe(STARTER_REVIEWS + 3);
  });

  it('still refuses a comment in no Document shape, naming the field', async () => {
    for (const comment of [{ markdown: 5 }, { document: { object: 'document' } }, 'nice', { nodes: 'x' }]) {
      const res = await t.call('reviewer', 'POST', `${CR}/reviews`, { status: 'approved', comment });
      expect(res.status, JSON.stringify(comment)).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.comment/);
    }
    expect((await t.call('reader', 'GET', `${CR}/reviews`)).body.count).toBe(STARTER_REVIEWS);
  });

  it('lets the review role review without a request, and refuses lower roles (403) and strangers (404)', async () => {
    expect((await t.call('admin', 'POST', `${CR}/reviews`, { status: 'approved' })).status).toBe(201);
    for (const [user, status] of [['commenter', 403], ['reader', 403], ['outsider', 404], [null, 401]] as const) {
      expect((await t.call(user, 'POST', `${CR}/reviews`, { status: 'approved' })).status, String(user)).toBe(status);
    }
    expect((await t.call('reader', 'GET', `${CR}/reviews`)).body.count).toBe(STARTER_REVIEWS + 1);
  });

  it.each([
    [{}, 'body.status'],
    [{ status: 'rejected' }, 'body.status'],
    [{ status: 'approved', comment: 'nice' }, 'body.comment'],
  ])('refuses %j naming %s, keeping nothing', async (body, field) => {
    const res = await t.call('reviewer', 'POST', `${CR}/reviews`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await t.call('reader', 'GET', `${CR}/reviews`)).body.count).toBe(STARTER_REVIEWS);
  });

  it('refuses reviewing a merged change request (409)', async () => {
    expect((await t.call('admin', 'POST', `${CR}/merge`)).status).toBe(200);
    const res = await t.call('reviewer', 'POST', `${CR}/reviews`, { status: 'approved' });
    expect(res.status).toBe(409);
  });
});

describe('change-request changes', () => {
  it('lists what the change request changes against its base, and follows new edits', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = gb.id('changeRequests', 'handbook-draft');
    const res = await gb.client('reader').spaces.getChangeRequestChanges(space, cr);
    expectOfficial('getChangeRequestChanges', 200, res.data);
    expect(res.data.changes).toEqual([
      expect.objectContaining({ type: 'page_edited', page: expect.objectContaining({ id: gb.id('pages', 'remote-work'), path: expect.any(String) }) }),
    ]);
    const edited = res.data.changes[0] as { attributes: { document: { before: string; after: string } } };
    const page = `/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/content/page/{pages.remote-work}`;
    const live = `/v1/spaces/{spaces.handbook}/content/page/{pages.remote-work}`;
    expect(edited.attributes.document).toEqual({
      before: (await t.call('reader', 'GET', live)).body.documentId,
      after: (await t.call('reader', 'GET', page)).body.documentId,
    });
    const imported = await t.call('editor', 'POST', `${CR}/content/import`, { url: 'https://example.com/faq', source: 'website' });
    expect(imported.status).toBe(201);
    const next = (await t.call('reader', 'GET', `${CR}/changes`)).body;
    expectOfficial('getChangeRequestChanges', 200, next);
    expect(next.changes.map((c: { type: string }) => c.type)).toEqual(['page_edited', 'page_created']);
  });

  it('is empty for a fresh change request and counts what a limit leaves out', async () => {
    const created = await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests', { subject: 'Nothing yet' });
    const path = `/v1/spaces/{spaces.handbook}/change-requests/${created.body.id}/changes`;
    expect((await t.call('reader', 'GET', path)).body).toEqual({ changes: [] });
    const limited = await t.call('reader', 'GET', `${CR}/changes?limit=0`);
    expect(limited.body).toEqual({ changes: [], more: 1 });
    expectOfficial('getChangeRequestChanges', 200, limited.body);
  });

  it('hides the changes from an outsider (404)', async () => {
    expect((await t.call('outsider', 'GET', `${CR}/changes`)).status).toBe(404);
  });
});

describe('organization change requests', () => {
  it('lists the open change requests of every space the caller sees, a new one first (official client)', async () => {
    const org = gb.id('organizations', 'acme');
    const before = await gb.client('reader').orgs.listChangeRequestsForOrganization(org);
    expectOfficial('listChangeRequestsForOrganization', 200, before.data);
    expect(before.data.items.map((c) => c.id)).toEqual([gb.id('changeRequests', 'handbook-draft')]);
    const created = await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests', { subject: 'New one' });
    await t.call('editor', 'PATCH', `/v1/spaces/{spaces.handbook}/change-requests/${created.body.id}`, { status: 'open' });
    const after = await t.call('reader', 'GET', '/v1/orgs/{organizations.acme}/change-requests');
    expect(after.body.items[0].id).toBe(created.body.id);
    expect(after.body.count).toBe(2);
  });

  it('filters by status, creator, requested reviewer and space', async () => {
    const P = '/v1/orgs/{organizations.acme}/change-requests';
    const ids = async (q: string) => (await t.call('reader', 'GET', `${P}?${t.path(q)}`)).body.items.map((c: { id: string }) => c.id);
    const draft = gb.id('changeRequests', 'handbook-draft');
    expect(await ids('status=merged')).toEqual([]);
    expect(await ids('status=open&status=merged')).toEqual([draft]);
    expect(await ids(`creator=${gb.id('users', 'editor')}`)).toEqual([draft]);
    expect(await ids(`creator=${gb.id('users', 'admin')}`)).toEqual([]);
    expect(await ids(`requestedReviewer=${gb.id('users', 'reviewer')}`)).toEqual([draft]);
    expect(await ids(`space=${gb.id('spaces', 'handbook')}`)).toEqual([draft]);
    expect(await ids('topic=anything')).toEqual([]);
    const bad = await t.call('reader', 'GET', `${P}?status=closed`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('query.status');
  });

  it('hides the list from an outsider (404) and asks for a token (401)', async () => {
    expect((await t.call('outsider', 'GET', '/v1/orgs/{organizations.acme}/change-requests')).status).toBe(404);
    expect((await t.call(null, 'GET', '/v1/orgs/{organizations.acme}/change-requests')).status).toBe(401);
  });
});
