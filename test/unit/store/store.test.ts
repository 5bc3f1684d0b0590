/** A store transaction (store.ts `tentative`): whole or nothing, over the tables it wrote. */
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/store/store.ts';
import type { OrganizationRecord, UserRecord } from '../../../src/store/records.ts';

const org: OrganizationRecord = { id: 'org', title: 'Org', emailDomains: [], type: 'business', defaultRole: null, defaultContent: null, sso: false, ai: false, inviteLinks: false, plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' };
const user = (id: string): UserRecord => ({ id, displayName: id, email: `${id}@example.com`, token: `t-${id}`, createdAt: '2026-01-01T00:00:00.000Z' });

describe('Store.tentative', () => {
  it('lists its changes in the order of the tables, whatever order it wrote them in', () => {
    const store = new Store();
    store.tables.users.insert(user('ada'));
    const { changes, before } = store.tentative(() => {
      // organizations come after users among the collections: written first here.
      store.tables.organizations.insert(org);
      store.tables.users.update('ada', { displayName: 'Ada L.' });
    });
    expect(changes.map(([table, id]) => `${table}/${id}`)).toEqual(['users/ada', 'organizations/org']);
    expect(before.map((row) => row?.id ?? null)).toEqual(['ada', null]);
  });

  it('undoes every table it wrote when it throws, and records nothing of writes after it', () => {
    const store = new Store();
    store.tables.users.insert(user('ada'));
    expect(() =>
      store.tentative(() => {
        store.tables.users.insert(user('grace'));
        store.tables.users.update('ada', { displayName: 'changed' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(store.tables.users.list()).toEqual([user('ada')]);
    store.tables.users.insert(user('linus'));
    expect(store.tentative(() => 'nothing written')).toMatchObject({ result: 'nothing written', changes: [] });
  });

  it('refuses to nest', () => {
    const store = new Store();
    expect(() => store.tentative(() => store.tentative(() => 1))).toThrow('do not nest');
    // The refusal closed the outer one too: the next transaction opens.
    expect(store.tentative(() => 2).result).toBe(2);
  });
});
