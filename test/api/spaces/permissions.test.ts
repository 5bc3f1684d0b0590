/**
 * For each role: what the space's `permissions` say is what the server then allows.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { allowed, permissionsOf, ROLE_USERS } from '../../helpers/permissions.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

describe('space permissions agree with the server', () => {
  it.each(ROLE_USERS)('%s: permissions.admin matches PATCH', async (user) => {
    const { admin } = await permissionsOf(t, user, SPACE);
    expect(allowed((await t.call(user, 'PATCH', SPACE, { title: 'Renamed' })).status)).toBe(admin);
  });

  it.each(ROLE_USERS)('%s: permissions.admin matches DELETE', async (user) => {
    const { admin } = await permissionsOf(t, user, SPACE);
    expect(allowed((await t.call(user, 'DELETE', SPACE)).status)).toBe(admin);
  });

  it.each(ROLE_USERS)('%s: permissions.comment matches posting a comment', async (user) => {
    const { comment } = await permissionsOf(t, user, SPACE);
    expect(allowed((await t.call(user, 'POST', `${SPACE}/comments`, { body: { markdown: 'hi' } })).status)).toBe(comment);
  });

  it.each(ROLE_USERS)('%s: permissions.view matches listing comments', async (user) => {
    const { view } = await permissionsOf(t, user, SPACE);
    expect(allowed((await t.call(user, 'GET', `${SPACE}/comments`)).status)).toBe(view);
  });

  it.each([
    ['admin', true, true, true, true, true, true, true, true, true],
    ['creator', true, true, false, false, true, true, true, true, false],
    ['editor', true, true, false, false, true, true, true, true, false],
    ['reviewer', true, true, false, false, false, true, false, true, false],
    ['commenter', true, true, false, false, false, true, false, false, false],
    ['reader', true, true, false, false, false, false, false, false, false],
  ])('%s has the expected space permissions', async (user, view, access, admin, viewInviteLinks, edit, comment, merge, review, installIntegration) => {
    expect(await permissionsOf(t, user, SPACE)).toEqual({ view, access, admin, viewInviteLinks, edit, triggerGitSync: edit, comment, merge, review, installIntegration });
  });

  it('a user outside the organization cannot see the space (404)', async () => {
    expect((await t.call('outsider', 'GET', SPACE)).status).toBe(404);
    expect((await t.call('outsider', 'POST', `${SPACE}/comments`, { body: { markdown: 'hi' } })).status).toBe(404);
  });
});
