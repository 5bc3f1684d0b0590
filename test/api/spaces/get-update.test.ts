import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

describe('GET /v1/spaces/{spaceId}', () => {
  it('serves the space through the official client, valid against the official schema', async () => {
    const { data } = await gb.client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'));
    expectOfficial('getSpaceById', 200, data);
    expect(data.title).toBe('Employee Handbook');
    expect(data.organization).toBe(gb.id('organizations', 'acme'));
    expect(data.mergeRules).toEqual({ type: 'inherit' });
    expect(data.urls.location).toMatch(new RegExp(`/v1/spaces/${gb.id('spaces', 'handbook')}$`));
  });

  it('derives the counts from the store', async () => {
    const res = await t.call('reader', 'GET', SPACE);
    expect(res.body).toMatchObject({ comments: 2, changeRequests: 1, changeRequestsOpen: 1, changeRequestsDraft: 0 });
  });

  it('is 404 to a user outside the organization', async () => {
    expect((await t.call('outsider', 'GET', SPACE)).status).toBe(404);
  });

  it('serves a public space to a user outside the organization, read only', async () => {
    const res = await t.call('outsider', 'GET', '/v1/spaces/{spaces.api-docs}');
    expect(res.status).toBe(200);
    expect(res.body.permissions).toMatchObject({ view: true, comment: false, admin: false });
  });

  it('is 404 for an unknown space', async () => {
    expect((await t.call('admin', 'GET', '/v1/spaces/nope')).status).toBe(404);
  });

  it('has no published URL for a space only in a share-link site', async () => {
    const res = await t.call('admin', 'GET', SPACE);
    expect(res.body.urls.published).toBeUndefined();
  });

  it('resolves the published URL through an active share link with shareKey', async () => {
    const key = gb.manifest.shareKeys['partner-preview'];
    const res = await t.call('admin', 'GET', `${SPACE}?shareKey=${key}`);
    expect(res.status).toBe(200);
    const siteSpace = await t.call('admin', 'GET', `/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/site-spaces?shareKey=${key}`);
    const [handbook] = siteSpace.body.items;
    expect(res.body.urls.published).toMatch(/^https:\/\/acme\.gitbook\.io\//);
    expect(res.body.urls.published).toBe(handbook.urls.published);
    expectOfficial('getSpaceById', 200, res.body);
  });

  it('ignores an unknown shareKey', async () => {
    const res = await t.call('admin', 'GET', `${SPACE}?shareKey=not-a-key`);
    expect(res.status).toBe(200);
    expect(res.body.urls.published).toBeUndefined();
  });

  it('ignores the key of an inactive share link', async () => {
    const link = gb.id('shareLinks', 'partner-preview');
    gb.mock!.runtime.db.shareLinks.update(link, { active: false });
    const res = await t.call('admin', 'GET', `${SPACE}?shareKey=${gb.manifest.shareKeys['partner-preview']}`);
    expect(res.body.urls.published).toBeUndefined();
  });
});

describe('PATCH /v1/spaces/{spaceId}', () => {
  it('updates title, emoji and defaultLevel through the official client and moves updatedAt', async () => {
    await t.admin('POST', '/__admin/clock', { advance: 'PT1H' });
    const { data } = await gb.client('admin').spaces.updateSpaceById(gb.id('spaces', 'handbook'), {
      title: 'Staff Handbook',
      emoji: '1f4d7',
      defaultLevel: MemberRole.Comment,
    });
    expectOfficial('updateSpaceById', 200, data);
    expect(data).toMatchObject({ title: 'Staff Handbook', emoji: '1f4d7', defaultLevel: 'comment' });
    expect(data.updatedAt).toBe('2026-01-01T01:00:00.000Z');
    const again = await t.call('admin', 'GET', SPACE);
    expect(again.body.title).toBe('Staff Handbook');
  });

  it.each(['locked', 'live'])('editMode %s round-trips', async (editMode) => {
    await t.call('admin', 'PATCH', SPACE, { editMode: editMode === 'live' ? 'locked' : 'live' });
    const res = await t.call('admin', 'PATCH', SPACE, { editMode });
    expect(res.body.editMode).toBe(editMode);
    expect((await t.call('admin', 'GET', SPACE)).body.editMode).toBe(editMode);
  });

  it.each([null, 'inherit', 'read', 'admin'])('accepts defaultLevel %s', async (defaultLevel) => {
    const res = await t.call('admin', 'PATCH', SPACE, { defaultLevel });
    expect(res.status).toBe(200);
    expect(res.body.defaultLevel).toBe(defaultLevel);
  });

  it.each([
    [{ title: 'x'.repeat(51) }, 'body.title'],
    [{ title: 5 }, 'body.title'],
    [{ emoji: 'x'.repeat(51) }, 'body.emoji'],
    [{ defaultLevel: 'owner' }, 'body.defaultLevel'],
    [{ editMode: 'frozen' }, 'body.editMode'],
  ])('refuses %j with 400 naming %s and changes nothing', async (body, field) => {
    const before = (await t.call('admin', 'GET', SPACE)).body;
    const res = await t.call('admin', 'PATCH', SPACE, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await t.call('admin', 'GET', SPACE)).body).toEqual(before);
  });

  it('accepts a title of exactly 50 characters', async () => {
    const res = await t.call('admin', 'PATCH', SPACE, { title: 'y'.repeat(50) });
    expect(res.status).toBe(200);
    expect(res.body.title).toHaveLength(50);
  });

  it('removes the emoji with null', async () => {
    const res = await t.call('admin', 'PATCH', SPACE, { emoji: null });
    expect(res.body.emoji).toBe('');
    expectOfficial('updateSpaceById', 200, res.body);
  });

  it('sets mergeRules', async () => {
    const res = await t.call('admin', 'PATCH', SPACE, { mergeRules: { type: 'none' } });
    expect(res.body.mergeRules).toEqual({ type: 'none' });
    expectOfficial('updateSpaceById', 200, res.body);
  });

  it('sets mergeRules of its own, as the official document allows (issue 24), and inherits again', async () => {
    const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [gb.id('users', 'reviewer')] }] };
    const res = await t.call('admin', 'PATCH', SPACE, { mergeRules: rules });
    expect(res.status).toBe(200);
    expectOfficial('updateSpaceById', 200, res.body);
    expect((await t.call('reader', 'GET', SPACE)).body.mergeRules).toEqual(rules);
    expect((await t.call('admin', 'PATCH', SPACE, { mergeRules: { type: 'inherit' } })).body.mergeRules).toEqual({ type: 'inherit' });
    const bad = await t.call('admin', 'PATCH', SPACE, { mergeRules: { type: 'rules' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('body.mergeRules');
  });

  it('is 403 for a member below admin', async () => {
    const res = await t.call('creator', 'PATCH', SPACE, { title: 'Mine now' });
    expect(res.status).toBe(403);
    expect((await t.call('admin', 'GET', SPACE)).body.title).toBe('Employee Handbook');
  });

  it('is 404 for a user outside the organization', async () => {
    expect((await t.call('outsider', 'PATCH', SPACE, { title: 'Hi' })).status).toBe(404);
  });

  it('keeps settings editable in a locked space', async () => {
    await t.call('admin', 'PATCH', SPACE, { editMode: 'locked' });
    const res = await t.call('admin', 'PATCH', SPACE, { title: 'Still editable' });
    expect(res.status).toBe(200);
    expect(res.body.editMode).toBe('locked');
  });
});
