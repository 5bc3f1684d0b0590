import { describe, expect, it } from 'vitest';
import { applyOverridePatch, overlay } from '../../../src/rules/customization.ts';

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
