/**
 * The cache home (src/cache/caches.ts): a kept value is computed again exactly when a table
 * it read has changed (a write, an undone write, a restore), per session; its key is its
 * arguments.
 */
import { describe, expect, it } from 'vitest';
import { Caches, derived, perProcessByName, perRow, type CacheSession, type KeyPart } from '../../../src/cache/caches.ts';
import { Runtime } from '../../../src/runtime.ts';
import { nodePlatform } from '../../../src/node-platform.ts';
import { Store } from '../../../src/store/store.ts';
import type { UserRecord } from '../../../src/store/records.ts';

function session(): CacheSession & { store: Store } {
  const store = new Store();
  return { store, db: store.tables, caches: new Caches() };
}

function user(id: string, displayName: string): UserRecord {
  return { id, displayName, email: `${id}@example.com`, token: `t-${id}`, createdAt: '2024-01-01T00:00:00.000Z' };
}

/** A derived cache that counts its computations: the display names of the users, joined. */
function namesCache() {
  const runs = { count: 0 };
  const names = derived('test: names', (db, separator: string) => {
    runs.count++;
    return db.users.list().map((u) => u.displayName).join(separator);
  });
  return { names, runs };
}

describe('derived caches', () => {
  it('compute again after a write to a table they read, and not after writes elsewhere', () => {
    const s = session();
    s.db.users.insert(user('u1', 'Ada'));
    const { names, runs } = namesCache();
    expect(names(s, ',')).toBe('Ada');
    expect(names(s, ',')).toBe('Ada');
    expect(runs.count).toBe(1);

    s.db.spaces.insert({ id: 's1' } as never);
    s.db.comments.insert({ id: 'c1' } as never);
    expect(names(s, ',')).toBe('Ada');
    expect(runs.count).toBe(1);

    s.db.users.insert(user('u2', 'Grace'));
    expect(names(s, ',')).toBe('Ada,Grace');
    expect(runs.count).toBe(2);
    s.db.users.update('u1', { displayName: 'Ada L.' });
    expect(names(s, ',')).toBe('Ada L.,Grace');
    s.db.users.delete('u2');
    expect(names(s, ',')).toBe('Ada L.');
    expect(runs.count).toBe(4);
  });

  it('keep one value per argument list', () => {
    const s = session();
    s.db.users.insert(user('u1', 'Ada'));
    s.db.users.insert(user('u2', 'Grace'));
    const { names, runs } = namesCache();
    expect(names(s, ',')).toBe('Ada,Grace');
    expect(names(s, ' / ')).toBe('Ada / Grace');
    expect(names(s, ',')).toBe('Ada,Grace');
    expect(runs.count).toBe(2);
    expect(s.caches.count('test: names')).toBe(2);
  });

  it('recompute a value another cache computed inside it when that one\'s tables change', () => {
    const s = session();
    s.db.users.insert(user('u1', 'Ada'));
    const { names } = namesCache();
    // The outer cache reads no table itself: what it depends on comes from the inner one,
    // whether the inner one computed or answered from its kept value.
    const runs = { count: 0 };
    const shout = derived('test: shout', (db, n: number) => {
      runs.count++;
      return names({ db, caches: s.caches }, ',').toUpperCase().repeat(n);
    });
    expect(names(s, ',')).toBe('Ada');
    expect(shout(s, 1)).toBe('ADA');
    expect(shout(s, 1)).toBe('ADA');
    expect(runs.count).toBe(1);
    s.db.users.insert(user('u2', 'Grace'));
    expect(shout(s, 1)).toBe('ADA,GRACE');
    expect(runs.count).toBe(2);
  });

  it('do not keep a value computed inside a write that was rolled back', () => {
    const s = session();
    s.db.users.insert(user('u1', 'Ada'));
    const { names, runs } = namesCache();
    expect(names(s, ',')).toBe('Ada');
    expect(() =>
      s.store.transaction(() => {
        s.db.users.insert(user('u2', 'Grace'));
        // A handler that presents what it wrote, then fails: its writes are undone.
        expect(names(s, ',')).toBe('Ada,Grace');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(names(s, ',')).toBe('Ada');
    expect(runs.count).toBe(3);
  });

  it('compute again after a restore (reset) or an import of the state', () => {
    const s = session();
    s.db.users.insert(user('u1', 'Ada'));
    const snapshot = s.store.snapshot();
    const { names, runs } = namesCache();
    expect(names(s, ',')).toBe('Ada');
    s.db.users.insert(user('u2', 'Grace'));
    expect(names(s, ',')).toBe('Ada,Grace');
    s.store.restore(snapshot);
    expect(names(s, ',')).toBe('Ada');
    s.store.import({ users: [user('u3', 'Edsger')] });
    expect(names(s, ',')).toBe('Edsger');
    expect(runs.count).toBe(4);
  });

  it('keep each session\'s values apart: a write in one fork recomputes there only', () => {
    const app = new Runtime(nodePlatform, { scenario: 'empty' });
    const a = app.fork();
    const b = app.fork();
    const { names, runs } = namesCache();
    const before = names(a, ',');
    expect(names(b, ',')).toBe(before);
    expect(runs.count).toBe(2);

    a.db.users.insert(user('only-in-a', 'Barbara'));
    expect(names(a, ',')).toContain('Barbara');
    expect(runs.count).toBe(3);
    // b's tables did not change: its value stays kept and without a's user.
    expect(names(b, ',')).toBe(before);
    expect(runs.count).toBe(3);
    expect(b.caches.count('test: names')).toBe(1);

    // A fork made after the write starts from the app's last load, not from a's state.
    const c = app.fork();
    expect(names(c, ',')).toBe(before);
    expect(runs.count).toBe(4);
  });

  it('keep at most their limit, dropping the oldest', () => {
    const s = session();
    let runs = 0;
    const double = derived(
      'test: double',
      (db, n: number) => {
        runs++;
        return n * 2 + db.users.size;
      },
      3,
    );
    for (const n of [1, 2, 3, 4]) double(s, n);
    expect(s.caches.count('test: double')).toBe(3);
    double(s, 4);
    expect(runs).toBe(4);
    double(s, 1);
    expect(runs).toBe(5);
  });

  it('keep no value when the computation throws', () => {
    const s = session();
    let runs = 0;
    const fails = derived('test: fails', (db) => {
      runs++;
      if (db.users.size === 0) throw new Error('empty');
      return db.users.size;
    });
    expect(() => fails(s)).toThrow('empty');
    expect(() => fails(s)).toThrow('empty');
    expect(runs).toBe(2);
  });
});

describe('keys', () => {
  it('are the arguments: rows by identity, other values by value', () => {
    const s = session();
    const seen: string[] = [];
    const show = derived('test: show', (_db, a: KeyPart, b: KeyPart) => {
      const text = `${typeof a}:${String(a)} ${typeof b}:${String(b)}`;
      seen.push(text);
      return text;
    });
    const row = Object.freeze(user('u1', 'Ada'));
    const lists: [KeyPart, KeyPart][] = [
      ['ab', undefined],
      ['a', 'b'],
      [1, 'x'],
      ['1', 'x'],
      [true, 'x'],
      [null, 'x'],
      [undefined, 'x'],
      [row, 'x'],
      [{ ...row }, 'x'],
      [row, 'y'],
    ];
    for (const [a, b] of lists) show(s, a, b);
    for (const [a, b] of lists) show(s, a, b);
    expect(seen).toHaveLength(lists.length);
    expect(s.caches.count('test: show')).toBe(lists.length);
  });
});

describe('per-row values', () => {
  it('are computed once per row and other arguments, and again for a new row', () => {
    let runs = 0;
    const label = perRow((u: UserRecord, origin: string) => {
      runs++;
      return `${origin}/${u.displayName}`;
    });
    const ada = Object.freeze(user('u1', 'Ada'));
    expect(label(ada, 'http://a')).toBe('http://a/Ada');
    expect(label(ada, 'http://a')).toBe('http://a/Ada');
    expect(label(ada, 'http://b')).toBe('http://b/Ada');
    expect(runs).toBe(2);
    // An update is a new row: its value is its own.
    expect(label(Object.freeze({ ...ada, displayName: 'Ada L.' }), 'http://a')).toBe('http://a/Ada L.');
    expect(runs).toBe(3);
  });
});

describe('per-process values by name', () => {
  it('are made once each, and a name that gives nothing is asked again', () => {
    const asked: string[] = [];
    const read = perProcessByName((name) => {
      asked.push(name);
      return name === 'missing' ? undefined : name.toUpperCase();
    });
    expect(read('a')).toBe('A');
    expect(read('a')).toBe('A');
    expect(read('missing')).toBeUndefined();
    expect(read('missing')).toBeUndefined();
    expect(asked).toEqual(['a', 'missing', 'missing']);
  });

  it('keep at most `limit` names when given one, the oldest made going first', () => {
    const asked: string[] = [];
    const read = perProcessByName((name) => {
      asked.push(name);
      return `<${name}>`;
    }, 2);
    expect([read('a'), read('b'), read('a')]).toEqual(['<a>', '<b>', '<a>']);
    expect(read('c')).toBe('<c>');
    // `a` went first: it is made again, and `b` goes in its turn.
    expect(read('a')).toBe('<a>');
    expect(read('c')).toBe('<c>');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
