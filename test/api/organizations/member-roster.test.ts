/** The member list answers from a roster kept between requests: it must follow every change. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const MEMBERS = '/v1/orgs/{organizations.acme}/members';

describe('the member list after changes', () => {
  it('follows a role change, a removal and a reset', async () => {
    const readers = async () => (await t.call('admin', 'GET', `${MEMBERS}?role=read`)).body.items.map((m: { id: string }) => m.id);
    expect(await readers()).toEqual([gb.id('users', 'reader')]);
    await t.call('admin', 'PATCH', `${MEMBERS}/{users.commenter}`, { role: 'read' });
    expect((await readers()).sort()).toEqual([gb.id('users', 'reader'), gb.id('users', 'commenter')].sort());
    expect((await t.call('admin', 'DELETE', `${MEMBERS}/{users.reader}`)).status).toBe(204);
    expect(await readers()).toEqual([gb.id('users', 'commenter')]);
    await t.admin('POST', '/__admin/reset');
    expect(await readers()).toEqual([gb.id('users', 'reader')]);
  });

  it('finds a member by a search made before and after the state is replaced', async () => {
    const search = async (text: string) => (await t.call('admin', 'GET', `${MEMBERS}?search=${text}`)).body.items.length;
    expect(await search('lindqvist')).toBe(1);
    const state = (await t.admin('GET', '/__admin/state')).body;
    const reader = state.users.find((u: { id: string }) => u.id === gb.id('users', 'reader'));
    reader.displayName = 'Rosa Berg';
    expect((await t.admin('PUT', '/__admin/state', state)).status).toBe(200);
    expect(await search('lindqvist')).toBe(0);
    expect(await search('berg')).toBe(1);
  });
});
