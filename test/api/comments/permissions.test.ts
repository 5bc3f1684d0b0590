/**
 * For each role: what `permissions` says is what the server then allows.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { allowed, permissionsOf, ROLE_USERS } from '../../helpers/permissions.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

/** A comment (and a reply) by `author`, made through the store when the author may not post. */
async function commentBy(t: Calls, author: string): Promise<{ comment: string; reply: string }> {
  const P = `${SPACE}/comments`;
  const made = await t.call(author, 'POST', P, { body: { markdown: 'mine' } });
  if (made.status === 200) {
    const reply = await t.call(author, 'POST', `${P}/${made.body.id}/replies`, { body: { markdown: 'mine too' } });
    return { comment: made.body.id, reply: reply.body.id };
  }
  return { comment: gb.id('comments', 'onboarding-typo'), reply: '' };
}

describe('comment permissions agree with the server', () => {
  const P = `${SPACE}/comments`;

  it.each(ROLE_USERS)('%s on a comment of someone else: edit, reply, delete', async (user) => {
    const other = `${P}/{comments.expenses-limit}`;
    const perms = await permissionsOf(t, user, other);
    expect(allowed((await t.call(user, 'PUT', other, { body: { markdown: 'changed' } })).status)).toBe(perms.edit);
    expect(allowed((await t.call(user, 'POST', `${other}/replies`, { body: { markdown: 're' } })).status)).toBe(perms.reply);
    expect(allowed((await t.call(user, 'DELETE', other)).status)).toBe(perms.delete);
  });

  it.each(ROLE_USERS)('%s on a comment of their own: edit and delete', async (user) => {
    if (user === 'reader') expect((await t.call('reader', 'GET', `${P}/{comments.onboarding-typo}`)).body.postedBy.id).toBe(gb.id('users', 'reader'));
    const { comment } = await commentBy(t, user);
    const own = `${P}/${comment}`;
    const perms = await permissionsOf(t, user, own);
    expect(allowed((await t.call(user, 'PUT', own, { body: { markdown: 'changed' } })).status)).toBe(perms.edit);
    expect(allowed((await t.call(user, 'DELETE', own)).status)).toBe(perms.delete);
  });

  it.each(ROLE_USERS)('%s on a reply of someone else: edit and delete', async (user) => {
    const reply = `${P}/{comments.welcome-question}/replies/{commentReplies.welcome-answer}`;
    const perms = await permissionsOf(t, user, reply);
    const mayEdit = allowed((await t.call(user, 'PUT', reply, { body: { markdown: 'changed' } })).status);
    expect(mayEdit).toBe(perms.edit);
    expect(allowed((await t.call(user, 'DELETE', reply)).status)).toBe(perms.delete);
  });

  it.each(ROLE_USERS.filter((r) => r !== 'reader'))('%s on a reply of their own: edit and delete', async (user) => {
    const { comment, reply } = await commentBy(t, user);
    const own = `${P}/${comment}/replies/${reply}`;
    const perms = await permissionsOf(t, user, own);
    expect(perms).toMatchObject({ edit: true, delete: true });
    expect(allowed((await t.call(user, 'PUT', own, { body: { markdown: 'changed' } })).status)).toBe(true);
    expect(allowed((await t.call(user, 'DELETE', own)).status)).toBe(true);
  });
});
