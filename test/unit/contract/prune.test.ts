import { describe, expect, it } from 'vitest';
import { pruner, pruneUnknown } from '../../../src/contract/prune.ts';

type Json = Record<string, unknown>;

/** Two schema files: a body and a shared file it names by reference. */
const FILES: Record<string, Json> = {
  body: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      rules: {
        oneOf: [
          { type: 'object', properties: { type: { const: 'none' } }, required: ['type'] },
          { type: 'object', properties: { type: { const: 'rules' }, rules: { type: 'array', items: { $ref: '#/$defs/rule' } } }, required: ['type', 'rules'] },
        ],
      },
      config: { type: 'object' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      extra: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
      owner: { $ref: '/shared#/$defs/user' },
      both: { allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] },
    },
    $defs: { rule: { type: 'object', properties: { rule: { type: 'string' } } } },
  },
  shared: { $defs: { user: { type: 'object', properties: { id: { type: 'string' } } } } },
};
const lookup = (id: string) => FILES[id];
const prune = (value: unknown) => ({ dropped: pruneUnknown(lookup, 'body', value), value });

describe('pruneUnknown', () => {
  it('drops a field no schema names, at the top and nested, and names each path', () => {
    expect(prune({ title: 'T', junk: 1, owner: { id: 'u', junk: 2 } })).toEqual({ dropped: ['body.junk', 'body.owner.junk'], value: { title: 'T', owner: { id: 'u' } } });
  });

  it("keeps what the branch that fits names and drops the other branch's fields", () => {
    expect(prune({ rules: { type: 'none', rules: [] } })).toEqual({ dropped: ['body.rules.rules'], value: { rules: { type: 'none' } } });
    expect(prune({ rules: { type: 'rules', rules: [{ rule: 'r', junk: 1 }] } })).toEqual({ dropped: ['body.rules.rules[0].junk'], value: { rules: { type: 'rules', rules: [{ rule: 'r' }] } } });
  });

  it('keeps the fields of every member of an allOf', () => {
    expect(prune({ both: { a: 'x', b: 'y', c: 'z' } })).toEqual({ dropped: ['body.both.c'], value: { both: { a: 'x', b: 'y' } } });
  });

  it('keeps free-form objects and additionalProperties, and walks an additionalProperties schema', () => {
    const value = { config: { any: { deep: 1 } }, labels: { en: 'Hi' }, extra: { a: 'x', more: true } };
    expect(prune(structuredClone(value))).toEqual({ dropped: [], value });
  });

  it('drops __proto__, constructor and prototype everywhere, free-form objects included, and pollutes nothing', () => {
    const body = JSON.parse('{"__proto__":{"polluted":1},"config":{"constructor":{"prototype":{"polluted":1}},"prototype":1,"kept":1}}') as Json;
    expect(prune(body)).toEqual({ dropped: ['body.__proto__', 'body.config.constructor', 'body.config.prototype'], value: { config: { kept: 1 } } });
    expect(Object.keys(body)).toEqual(['config']);
    expect(({} as Json).polluted).toBeUndefined();
  });

  it('names nothing for a body its schema names whole', () => {
    expect(prune({ title: 'T', rules: { type: 'none' } }).dropped).toEqual([]);
  });

  it('drops the same fields with one pruner over many bodies as with a fresh one for each (what it keeps between bodies depends on their shape)', () => {
    const bodies = [
      { rules: { type: 'none', rules: [{ rule: 'r' }], junk: 1 }, title: 'T' },
      { rules: { type: 'rules', rules: [{ rule: 'r', junk: 1 }] }, both: { a: 'x', c: 'z' } },
      { rules: { type: 'none', rules: [] }, owner: { id: 'u', junk: 2 }, labels: { en: 'Hi' } },
      { rules: { rules: [{ junk: 1 }] }, extra: { a: 'x', more: true }, junk: 3 },
      { rules: { type: 'rules', rules: [{ rule: 'r' }], junk: 1 }, config: { constructor: 1, kept: 1 } },
    ];
    const one = pruner(lookup);
    const reused = [...bodies, ...bodies].map((body) => {
      const value = structuredClone(body);
      return { dropped: one('body', value), value };
    });
    const fresh = [...bodies, ...bodies].map((body) => prune(structuredClone(body)));
    expect(reused).toEqual(fresh);
    expect(reused[0].dropped).toEqual(['body.rules.rules', 'body.rules.junk']);
    expect(reused[1].dropped).toEqual(['body.rules.rules[0].junk', 'body.both.c']);
  });
});
