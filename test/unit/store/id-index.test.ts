/** The store's index of every id (store/id-index.ts): `taken` says what a look in every table says, whatever the writes. */
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, Store } from '../../../src/store/store.ts';
import type { RowMaker } from '../../../src/store/generated-rows.ts';
import type { OrganizationRecord, UserRecord } from '../../../src/store/records.ts';

const org = (id: string): OrganizationRecord => ({ id, title: id, emailDomains: [], type: 'business', defaultRole: null, defaultContent: null, sso: false, ai: false, inviteLinks: false, plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
const user = (id: string): UserRecord => ({ id, displayName: id, email: `${id}@example.com`, token: `t-${id}`, createdAt: '2026-01-01T00:00:00.000Z' });

const PROBES = ['ada', 'grace', 'linus', 'both', 'acme', 'g0', 'g1', 'g2', 'g3', 'nobody'];

/** What the index must agree with: a look in every table. */
function held(store: Store, id: string): boolean {
  return COLLECTION_NAMES.some((name) => store.tables[name].has(id));
}

/** The probes the index says are taken, beside those some table holds. */
function compare(store: Store): { taken: string[]; held: string[] } {
  return { taken: PROBES.filter((id) => store.taken(id)), held: PROBES.filter((id) => held(store, id)) };
}

function agrees(store: Store): string[] {
  const { taken, held } = compare(store);
  expect(taken).toEqual(held);
  return taken;
}

/** A state with one id in two tables (`both`: a user and an organization). */
function loaded(): Store {
  const store = new Store();
  store.import({ users: [user('ada'), user('both')], organizations: [org('acme'), org('both')] });
  return store;
}

describe('Store.taken', () => {
  it('knows the ids of an import', () => {
    expect(agrees(loaded())).toEqual(['ada', 'both', 'acme']);
  });

  it('follows inserts and deletes, and counts an id two tables hold twice', () => {
    const store = loaded();
    store.tables.users.insert(user('grace'));
    store.tables.users.delete('ada');
    store.tables.users.delete('both');
    expect(agrees(store)).toEqual(['grace', 'both', 'acme']);
    store.tables.organizations.delete('both');
    expect(agrees(store)).toEqual(['grace', 'acme']);
  });

  it('after a snapshot, follows an id given up and taken again, and one of two tables given up by each', () => {
    const store = loaded();
    store.snapshot();
    store.tables.users.delete('ada');
    expect(agrees(store)).toEqual(['both', 'acme']);
    store.tables.users.insert(user('ada'));
    store.tables.organizations.delete('both');
    expect(agrees(store)).toEqual(['ada', 'both', 'acme']);
    store.tables.users.delete('both');
    store.tables.organizations.insert(org('grace'));
    expect(agrees(store)).toEqual(['ada', 'grace', 'acme']);
  });

  it('forgets what a rolled-back transaction wrote, and what an undo takes back', () => {
    const store = loaded();
    expect(() =>
      store.transaction(() => {
        store.tables.users.insert(user('linus'));
        store.tables.users.delete('ada');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(agrees(store)).toEqual(['ada', 'both', 'acme']);
    const { undo } = store.tentative(() => {
      store.tables.users.insert(user('grace'));
      store.tables.organizations.delete('acme');
    });
    expect(agrees(store)).toEqual(['ada', 'grace', 'both']);
    undo();
    expect(agrees(store)).toEqual(['ada', 'both', 'acme']);
  });

  it('is restored with the tables, and two stores restored from one snapshot do not see each other’s writes', () => {
    const store = loaded();
    const snapshot = store.snapshot();
    store.tables.users.insert(user('grace'));
    const other = new Store();
    other.restore(snapshot);
    other.tables.users.insert(user('linus'));
    other.tables.users.delete('ada');
    expect(agrees(store)).toEqual(['ada', 'grace', 'both', 'acme']);
    expect(agrees(other)).toEqual(['linus', 'both', 'acme']);
    store.restore(snapshot);
    expect(agrees(store)).toEqual(['ada', 'both', 'acme']);
  });

  it('asks a table of generated rows for them, those deleted and put back included', () => {
    const made: RowMaker<UserRecord> = {
      length: 4,
      make: (position) => user(`g${position}`),
      idAt: (position) => `g${position}`,
      positionOf: (id) => (/^g[0-3]$/.test(id) ? Number(id.slice(1)) : -1),
    };
    const store = new Store();
    store.import({ users: [user('ada')], organizations: [org('acme')] }, false, { users: made });
    expect(agrees(store)).toEqual(['ada', 'acme', 'g0', 'g1', 'g2', 'g3']);
    const { undo } = store.tentative(() => store.tables.users.delete('g1'));
    store.tables.users.insert(user('grace'));
    expect(agrees(store)).toEqual(['ada', 'grace', 'acme', 'g0', 'g2', 'g3']);
    undo();
    const other = new Store();
    other.restore(store.snapshot());
    expect(agrees(other)).toEqual(['ada', 'grace', 'acme', 'g0', 'g1', 'g2', 'g3']);
  });
});

describe('an insert after the index found its id free', () => {
  it('refuses an id an undo put back after the index found it free', () => {
    const store = new Store();
    store.import({ users: [user('ada')] });
    expect(() =>
      store.transaction(() => {
        store.tables.users.delete('ada');
        // Free inside the transaction; the rollback then puts `ada` back without an insert.
        expect(store.taken('ada')).toBe(false);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(() => store.tables.users.insert(user('ada'))).toThrow(/duplicate id ada/);
    agrees(store);
  });

  it('inserts an id found free, and refuses it the second time', () => {
    const store = new Store();
    expect(store.taken('grace')).toBe(false);
    store.tables.users.insert(user('grace'));
    expect(store.taken('grace')).toBe(true);
    expect(() => store.tables.users.insert(user('grace'))).toThrow(/duplicate id grace/);
    // Found free, then another table changed: its table looks again.
    expect(store.taken('linus')).toBe(false);
    store.tables.organizations.insert(org('acme'));
    store.tables.users.insert(user('linus'));
    expect(() => store.tables.users.insert(user('linus'))).toThrow(/duplicate id linus/);
    agrees(store);
  });
});
