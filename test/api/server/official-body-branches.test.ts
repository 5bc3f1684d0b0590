/**
 * Every alternative the official document allows in a request body is accepted (issue 24,
 * fidelity rule 3). For each served operation with an official request body, every
 * `oneOf`/`anyOf` reached through the body's properties (and array items) is taken branch by
 * branch: json-schema-faker (seeded) makes a small body that uses that branch there, checked
 * valid against the official schema before it is sent. The mock may answer it with any status
 * the state explains (403, 404, 409, a rule's 400 about the state), but never with a 400 that
 * names a field of that very body: that is a schema of ours narrower than the official one.
 */
import { describe, expect, it } from 'vitest';
import { createGeneratorSync } from 'json-schema-faker';
import { faker } from '@faker-js/faker';
import { createMock } from '../../../src/app.ts';
import { operations } from '../../../src/resources/index.ts';
import { DEFS, officialAjv, officialBodyCases, pathFor, refName } from '../../helpers/official-bodies.ts';

type Schema = Record<string, any>;
type Step = { prop: string } | { items: true } | { allOf: number } | { branch: number };

/** A schema with its `$ref` (if any) replaced by what it names, beside its own keywords. */
function deref(node: Schema): Schema {
  let out = node;
  for (let i = 0; out.$ref && i < 20; i++) {
    const { $ref, ...rest } = out;
    out = { ...DEFS[refName($ref)], ...rest };
  }
  return out;
}

interface BranchPoint {
  path: Step[];
  label: string;
  count: number;
}

/**
 * Every oneOf/anyOf reached through properties, items, allOf and other branches, shallowest
 * first. Each distinct alternative list is taken once per body (at its shallowest place):
 * documents nest the same block alternatives at every level.
 */
function branchPoints(root: Schema): BranchPoint[] {
  const out: BranchPoint[] = [];
  const taken = new Set<string>();
  const queue: { raw: Schema; path: Step[]; label: string; refs: string[] }[] = [{ raw: root, path: [], label: 'body', refs: [] }];
  while (queue.length) {
    const { raw, path, label, refs } = queue.shift()!;
    if (!raw || typeof raw !== 'object' || path.length > 10) continue;
    if (raw.$ref && refs.includes(raw.$ref)) continue;
    const node = deref(raw);
    const seen = raw.$ref ? [...refs, raw.$ref] : refs;
    const list = node.oneOf ?? node.anyOf;
    if (Array.isArray(list)) {
      const key = JSON.stringify(list);
      if (!taken.has(key)) {
        taken.add(key);
        out.push({ path, label, count: list.length });
        if (path.filter((s) => 'branch' in s).length < 1) {
          list.forEach((branch: Schema, i: number) => queue.push({ raw: branch, path: [...path, { branch: i }], label: `${label}(${i + 1})`, refs: seen }));
        }
      }
    }
    (node.allOf ?? []).forEach((member: Schema, i: number) => queue.push({ raw: member, path: [...path, { allOf: i }], label, refs: seen }));
    for (const [name, prop] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) {
      queue.push({ raw: prop, path: [...path, { prop: name }], label: `${label}.${name}`, refs: seen });
    }
    if (node.items && typeof node.items === 'object') queue.push({ raw: node.items, path: [...path, { items: true }], label: `${label}[0]`, refs: seen });
  }
  return out;
}

/** The schema with branch `index` forced at `path`, and every property and branch on the way taken. */
function forced(node: Schema, path: Step[], index: number): Schema {
  const here = deref(node);
  const choose = (i: number, more: Step[] | undefined) => {
    const { oneOf, anyOf, ...rest } = here;
    const list = (oneOf ?? anyOf) as Schema[];
    return { ...rest, allOf: [...(rest.allOf ?? []), more ? forced(list[i], more, index) : list[i]] };
  };
  if (path.length === 0) return choose(index, undefined);
  const [step, ...more] = path;
  if ('branch' in step) return choose(step.branch, more);
  if ('prop' in step) {
    return {
      ...here,
      properties: { ...here.properties, [step.prop]: forced(here.properties[step.prop], more, index) },
      required: [...new Set([...(here.required ?? []), step.prop])],
    };
  }
  if ('items' in step) return { ...here, items: forced(here.items, more, index), minItems: Math.max(1, here.minItems ?? 0) };
  return { ...here, allOf: here.allOf.map((m: Schema, i: number) => (i === step.allOf ? forced(m, more, index) : m)) };
}

/**
 * The fields a schema refusal names (`body.comment.nodes is required`, `body[0].role must be
 * ...`), each as its path. A rule's refusal about the state reads otherwise
 * (`body.position.before.space: "x" is not a sibling in the target collection`).
 */
function namedFields(message: string): string[] {
  return [...message.matchAll(/\bbody((?:\.[\w$-]+|\[\d+\])*) (?:is required|is not a known field|must\b)/g)].map((m) => m[1]);
}

/** Whether the body holds the field's parent: the refusal is about something the body really sends. */
function reaches(body: unknown, field: string): boolean {
  const parts = [...field.matchAll(/\.([\w$-]+)|\[(\d+)\]/g)].map((m) => m[1] ?? m[2]);
  let value = body;
  for (const part of parts.slice(0, -1)) {
    if (!value || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  return parts.length === 0 || (value !== null && typeof value === 'object');
}

const cases = officialBodyCases(new Set(operations.map((o) => o.operationId)));

describe('every branch of an official request body is accepted', () => {
  it('sends each oneOf/anyOf branch of every served official body and is never refused for a field it legitimately has', async () => {
    const ajv = officialAjv();
    const mock = createMock({ scenario: 'starter', wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    const ids = mock.runtime.manifest.ids as Record<string, Record<string, string>>;
    const token = mock.runtime.manifest.tokens.admin;
    const refused: string[] = [];
    const unmade: string[] = [];
    let sent = 0;
    let n = 0;
    for (const c of cases) {
      const valid = ajv.compile(c.body);
      // A session of its own for each operation (a fork of the starter state): one operation's
      // changes do not refuse the next; within one, an earlier branch may (a 409 is fine).
      const session = `branches-${n++}`;
      for (const point of branchPoints(c.body)) {
        for (let index = 0; index < point.count; index++) {
          const schema = forced(c.body, point.path, index);
          // A few seeds: the first instance that the official schema itself accepts is sent.
          let instance: unknown;
          for (let seed = 1; seed <= 6 && instance === undefined; seed++) {
            let made: unknown;
            try {
              made = createGeneratorSync({ seed, extensions: { faker }, alwaysFakeOptionals: false, optionalsProbability: 0, maxDepth: 12, maxItems: 2, minLength: 1 }).generate(schema);
            } catch {
              continue;
            }
            if (valid(made)) instance = made;
          }
          const label = `${c.operationId} ${point.label} branch ${index + 1}/${point.count}`;
          if (instance === undefined) {
            unmade.push(label);
            continue;
          }
          sent++;
          const res = await mock.fetch(`http://localhost${pathFor(c.path, ids)}`, {
            method: c.method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-mock-session': session },
            body: JSON.stringify(instance),
          });
          if (res.status !== 400) continue;
          const message: string = (await res.json()).error.message;
          const named = namedFields(message).filter((f) => reaches(instance, f));
          if (message.startsWith('Malformed') || named.length > 0) refused.push(`${label}: ${message}\n    sent ${JSON.stringify(instance).slice(0, 300)}`);
        }
      }
    }
    // Not vacuous: many operations, many branches, nearly all of them made and sent (measured:
    // 63 operations, 1,037 branches sent, 7 that the faker could not make valid).
    const figures = `${cases.length} operations, ${sent} branches sent, ${unmade.length} not made`;
    expect(cases.length, figures).toBeGreaterThan(40);
    expect(sent, figures).toBeGreaterThan(500);
    expect(unmade.length, unmade.join('\n')).toBeLessThan(sent / 10);
    expect(refused, refused.join('\n')).toEqual([]);
  }, 300_000);
});
