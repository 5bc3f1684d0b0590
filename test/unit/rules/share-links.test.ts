import { describe, expect, it } from 'vitest';
import { applyShareLinkChange, resolveShareKey } from '../../../src/rules/share-links.ts';

const link = { name: 'Partner', active: true, key: 'k1' };

describe('share link state machine', () => {
  it('deactivates an active link', () => {
    expect(applyShareLinkChange(link, { active: false }).active).toBe(false);
  });

  it('reactivates an inactive link (round trip)', () => {
    const off = applyShareLinkChange(link, { active: false });
    expect(applyShareLinkChange(off, { active: true })).toEqual(link);
  });

  it('renames without changing the state', () => {
    expect(applyShareLinkChange(link, { name: 'Other' })).toEqual({ ...link, name: 'Other' });
  });

  it('treats setting the current state as a no-op', () => {
    expect(applyShareLinkChange(link, { active: true })).toEqual(link);
  });
});

describe('resolveShareKey', () => {
  const links = [link, { name: 'Old', active: false, key: 'k2' }];

  it('resolves the key of an active link', () => {
    expect(resolveShareKey(links, 'k1')).toEqual({ kind: 'active', key: 'k1' });
  });

  it('reports an inactive link', () => {
    expect(resolveShareKey(links, 'k2')).toEqual({ kind: 'inactive' });
  });

  it('reports an unknown key', () => {
    expect(resolveShareKey(links, 'nope')).toEqual({ kind: 'unknown' });
  });

  it('reports no key', () => {
    expect(resolveShareKey(links, undefined)).toEqual({ kind: 'absent' });
  });
});
