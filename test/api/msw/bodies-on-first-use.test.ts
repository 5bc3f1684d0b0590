/**
 * Issue 44: in a page, the body validators and the generic tier's schemas (generated/bodies.js)
 * are loaded on the first operation that needs them, and a mock answers as before: reads
 * without them, the first write and the first generic call after they came, once per mock.
 */
import { describe, expect, it } from 'vitest';
import { browserPlatform } from '../../../src/msw/browser-platform.ts';
import { createMockHandlers } from '../../../src/msw/index.ts';

describe('the browser platform', () => {
  it('loads nothing for a read, and the bodies module once for an operation with a body or of the generic tier', async () => {
    const { platform } = browserPlatform();
    expect(platform.prepare!({})).toBeUndefined();
    expect(() => platform.official()).toThrow(/used before they were loaded/);
    const first = platform.prepare!({ body: 'spaces/space-update' });
    expect(first).toBeInstanceOf(Promise);
    expect(platform.prepare!({ generic: 'computed' })).toBe(first);
    await first;
    expect(platform.prepare!({ body: 'spaces/space-update' })).toBeUndefined();
    expect(Object.keys(platform.official().$defs).length).toBeGreaterThan(100);
  });
});

describe('a mock in a page', () => {
  it('answers a read, a write with an unknown field and a generic call as the server does', async () => {
    const gb = createMockHandlers();
    const auth = { authorization: `Bearer ${gb.token('admin')}`, 'content-type': 'application/json' };
    const space = `https://api.gitbook.com/v1/spaces/${gb.id('spaces', 'handbook')}`;
    expect((await gb.mock.fetch(space, { headers: auth })).status).toBe(200);
    const patched = await gb.mock.fetch(space, { method: 'PATCH', headers: auth, body: JSON.stringify({ title: 'Renamed', titel: 'x' }) });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('x-mock-warning')).toContain('body.titel');
    expect(((await patched.json()) as { title: string }).title).toBe('Renamed');
    const refused = await gb.mock.fetch(space, { method: 'PATCH', headers: auth, body: JSON.stringify({ title: 5 }) });
    expect(refused.status).toBe(400);
    const generic = await gb.mock.fetch(`https://api.gitbook.com/v1/orgs/${gb.id('organizations', 'acme')}/translations-glossary`, { headers: auth });
    expect(generic.status).toBe(200);
    expect(generic.headers.get('x-mock-source')).toBe('schema');
    expect(((await generic.json()) as { items: { translations: { en: string } }[] }).items.map((g) => g.translations.en)).toContain('handbook');
  });
});
