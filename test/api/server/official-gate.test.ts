/**
 * The official document is the gate (issue 40, finding 7): what it accepts is not refused, and
 * is answered as the service would (docs/behaviour.md, "The official document is the gate").
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const COMMENTS = '/v1/spaces/{spaces.handbook}/comments';
const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';

describe('limit is the official number from 0', () => {
  it('limit=2.5 reads as 2', async () => {
    const res = await t.call('admin', 'GET', `${COMMENTS}?limit=2.5`);
    expect(res.status).toBe(200);
    expectOfficial('listCommentsInSpace', 200, res.body);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.next?.page).toBeTruthy();
  });

  it('limit=0 reads as no limit given: the default page', async () => {
    const all = await t.call('admin', 'GET', COMMENTS);
    const zero = await t.call('admin', 'GET', `${COMMENTS}?limit=0`);
    expect(zero.status).toBe(200);
    expect(zero.body).toEqual(all.body);
  });

  it('limit=-1 where the document sets no minimum (the changes of a change request) lists none and counts them', async () => {
    const all = await t.call('admin', 'GET', `${CR}/changes`);
    const res = await t.call('admin', 'GET', `${CR}/changes?limit=-1`);
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([]);
    expect(res.body.more ?? 0).toBe(all.body.changes.length + (all.body.more ?? 0));
  });

  it('an empty page cursor is the first page', async () => {
    const res = await t.call('admin', 'GET', `${COMMENTS}?page=`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await t.call('admin', 'GET', COMMENTS)).body);
  });
});

describe('empty strings where the document sets no minimum length', () => {
  it('?shareKey= is no share key', async () => {
    const res = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}?shareKey=');
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body);
    const structure = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/structure?shareKey=');
    expect(structure.status).toBe(200);
    expectOfficial('getSiteStructure', 200, structure.body);
  });

  it('?creator= and ?query= are answered, not refused: no record has an empty creator, an empty search finds nothing', async () => {
    const listed = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/change-requests?creator=');
    expect(listed.status).toBe(200);
    expectOfficial('listChangeRequestsForSpace', 200, listed.body);
    expect(listed.body.items).toEqual([]);
    const found = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/search?query=');
    expect(found.status).toBe(200);
    expectOfficial('searchOrganizationContent', 200, found.body);
    expect(found.body.items).toEqual([]);
  });

  it('"emoji": "" is kept as given', async () => {
    const res = await t.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { emoji: '' });
    expect(res.status).toBe(200);
    expectOfficial('updateSpaceById', 200, res.body);
    expect(res.body.emoji).toBe('');
  });

  it('"addedReactions": [""] is accepted', async () => {
    const res = await t.call('admin', 'PUT', `${COMMENTS}/{comments.welcome-question}`, { addedReactions: [''] });
    expect(res.status).toBe(200);
    expectOfficial('updateCommentInSpace', 200, res.body);
  });

  it('"page": "" names no page: 404, and nothing is posted', async () => {
    const before = (await t.call('admin', 'GET', COMMENTS)).body.count;
    const res = await t.call('admin', 'POST', COMMENTS, { body: { markdown: 'Hi' }, page: '' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('body.page');
    expect((await t.call('admin', 'GET', COMMENTS)).body.count).toBe(before);
  });

  it('an empty id in the path names nothing: 404', async () => {
    for (const path of ['/v1/spaces//comments', '/v1/orgs/{organizations.acme}/members//spaces', '/v1/orgs/{organizations.acme}/openapi//versions']) {
      const res = await t.call('admin', 'GET', path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('optional fields and empty lists the document allows', () => {
  it('updateMemberInOrganizationById without role leaves the member as it is', async () => {
    const path = '/v1/orgs/{organizations.acme}/members/{users.editor}';
    const before = (await t.call('admin', 'GET', path)).body;
    const res = await t.call('admin', 'PATCH', path, {});
    expect(res.status).toBe(200);
    expectOfficial('updateMemberInOrganizationById', 200, res.body);
    expect(res.body).toEqual(before);
    expect((await t.call('editor', 'PATCH', path, {})).status).toBe(403);
  });

  it('requestReviewersForChangeRequest with {"users": []} requests no one', async () => {
    const res = await t.call('admin', 'POST', `${CR}/requested-reviewers`, { users: [] });
    expect(res.status).toBe(200);
    expectOfficial('requestReviewersForChangeRequest', 200, res.body);
    expect(res.body.users).toEqual([]);
  });
});
