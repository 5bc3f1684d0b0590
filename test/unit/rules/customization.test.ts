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

describe('applyOverridePatch: a PATCH laid over the stored override', () => {
  it.each([
    ['adds a group to an empty override', {}, { styling: { primaryColor: '#f00' } }, { styling: { primaryColor: '#f00' } }],
    ['merges a group field by field', { styling: { primaryColor: '#f00', font: 'Inter' } }, { styling: { font: 'Roboto' } }, { styling: { primaryColor: '#f00', font: 'Roboto' } }],
    ['removes a field set to null', { styling: { primaryColor: '#f00', font: 'Inter' } }, { styling: { font: null } }, { styling: { primaryColor: '#f00' } }],
    ['drops a group left empty', { styling: { font: 'Inter' } }, { styling: { font: null } }, {}],
    ['removes a whole group set to null', { styling: { font: 'Inter' }, title: 'Docs' }, { styling: null }, { title: 'Docs' }],
    ['replaces a plain value', { title: 'Docs' }, { title: 'Handbook' }, { title: 'Handbook' }],
    ['keeps what the patch does not name', { title: 'Docs', styling: { font: 'Inter' } }, { favicon: 'x.png' }, { title: 'Docs', styling: { font: 'Inter' }, favicon: 'x.png' }],
    ['drops the nulls of a new group', {}, { styling: { font: 'Inter', primaryColor: null } }, { styling: { font: 'Inter' } }],
    ['drops a new group of nulls only', {}, { styling: { font: null } }, {}],
    ['replaces a list whole', { links: ['a', 'b'] }, { links: ['c'] }, { links: ['c'] }],
  ])('%s', (_, stored, patch, expected) => {
    expect(applyOverridePatch(stored, patch)).toEqual(expected);
  });

  it('leaves the stored override as it was', () => {
    const stored = { styling: { font: 'Inter' } };
    applyOverridePatch(stored, { styling: { font: 'Roboto' }, title: 'x' });
    expect(stored).toEqual({ styling: { font: 'Inter' } });
  });
});

describe('overlay: the effective settings', () => {
  const site = { title: 'Docs', styling: { primaryColor: { light: '#000', dark: '#fff' }, font: 'Inter' } };

  it.each([
    ["the site's settings without an override", {}, site],
    ['a group laid over one level deep', { styling: { font: 'Roboto' } }, { title: 'Docs', styling: { primaryColor: { light: '#000', dark: '#fff' }, font: 'Roboto' } }],
    ['a colour replaced whole, never mixed', { styling: { primaryColor: { light: '#f00' } } }, { title: 'Docs', styling: { primaryColor: { light: '#f00' }, font: 'Inter' } }],
    ['a plain value replaced', { title: 'Handbook' }, { ...site, title: 'Handbook' }],
    ['a group the site lacks added', { header: { preset: 'bold' } }, { ...site, header: { preset: 'bold' } }],
  ])('%s', (_, override, expected) => {
    expect(overlay(site, override)).toEqual(expected);
  });

  it("leaves the site's settings as they were", () => {
    const settings = { styling: { font: 'Inter' } };
    overlay(settings, { styling: { font: 'Roboto' } });
    expect(settings).toEqual({ styling: { font: 'Inter' } });
  });
});
