import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyOverridePatch, overlay, SETTINGS_GROUPS } from '../../../src/rules/customization.ts';

type Schema = Record<string, any>;

/** The objects the official override body writes inline with their fields, by path. */
function inlineGroups(schema: Schema, path = ''): string[] {
  const out: string[] = [];
  for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    if (sub.type !== 'object' || !sub.properties) continue;
    const at = path ? `${path}.${name}` : name;
    out.push(at, ...inlineGroups(sub, at));
  }
  return out;
}

describe('site-space customization overrides', () => {
  it('merge field by field into exactly the groups the official override body writes inline', () => {
    const body = JSON.parse(readFileSync(new URL('../../../schemas/sites/site-space-customization-body.json', import.meta.url), 'utf8')) as Schema;
    expect([...SETTINGS_GROUPS].sort()).toEqual(inlineGroups(body).sort());
  });

  it('keeps the fields of a nested group a patch leaves out (styling.sidebar)', () => {
    const stored = { styling: { sidebar: { background: 'filled', list: 'pill' } } };
    expect(applyOverridePatch(stored, { styling: { sidebar: { list: 'default' } } })).toEqual({ styling: { sidebar: { background: 'filled', list: 'default' } } });
    const site = { title: 'Docs', styling: { theme: 'clean', sidebar: { background: 'default', list: 'default' } } };
    expect(overlay(site, { styling: { sidebar: { list: 'line' } } })).toEqual({ title: 'Docs', styling: { theme: 'clean', sidebar: { background: 'default', list: 'line' } } });
  });

  it('replaces a value that is an object whole (the favicon, a colour), and null removes a field or an emptied group', () => {
    expect(applyOverridePatch({ favicon: { emoji: '1f600' } }, { favicon: { icon: { light: 'https://a/l.png', dark: 'https://a/d.png' } } })).toEqual({
      favicon: { icon: { light: 'https://a/l.png', dark: 'https://a/d.png' } },
    });
    expect(overlay({ favicon: { emoji: '1f600' } }, { favicon: { icon: 'x' } })).toEqual({ favicon: { icon: 'x' } });
    expect(applyOverridePatch({ title: 'A', styling: { sidebar: { list: 'pill' } } }, { title: null, styling: { sidebar: { list: null } } })).toEqual({});
  });

  it('never copies a key that reaches a prototype', () => {
    const patch = JSON.parse('{"styling":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}}') as Record<string, unknown>;
    const out = applyOverridePatch({}, patch);
    expect(out).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
