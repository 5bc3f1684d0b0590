/** Derived ids and fillers longer than one digest (the SAML certificate filler takes 64). */
import { describe, expect, it } from 'vitest';
import { deriveId } from '../../../src/ids.ts';
import { createMock } from '../../../src/app.ts';

describe('deriveId', () => {
  it('fills every character of long ids from the alphabet, and keeps short ids as they were', () => {
    for (const length of [33, 64, 200]) {
      const id = deriveId('seed:cert:okta', length);
      expect(id).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
      expect(id.startsWith(deriveId('seed:cert:okta', 32))).toBe(true);
    }
    expect(deriveId('abc', 20)).toBe(deriveId('abc', 32).slice(0, 20));
  });

  it('spells the ids it always spelled, whichever SHA-256 runs (Node\'s own, or @noble/hashes\' in a browser)', () => {
    // Spelled by the @noble/hashes digest before Node's one-shot hash served the mock on Node.
    expect(deriveId('0:runtime:comment:1')).toBe('4GNkFyKHcRWsve1O8Kru');
    expect(deriveId('7:token:apiToken:3', 32)).toBe('aojrt5Np2LyHzFdRXMFb3t9lhAQ3SSf1');
    expect(deriveId('seed:cert:okta', 64)).toBe('FN4mVksfD5e5IzdnXvLeKJNrl4rXDmkdNhsjIrtU91qkTNIB77DgQ864D5Q57gHv');
  });

  it('gives scenario SAML certificates without "undefined"', async () => {
    const mock = createMock({ scenario: 'org-admin' });
    const text = await (await mock.fetch('http://localhost/__admin/state')).text();
    expect(text).not.toContain('undefined');
    const state = JSON.parse(text);
    const providers = Object.values(state).flat().filter((r: any) => r && typeof r.certificate === 'string');
    for (const p of providers as { certificate: string }[]) expect(p.certificate).toMatch(/^MIIC[0-9A-Za-z]{64}$/);
  });
});
