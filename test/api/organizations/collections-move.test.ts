/** moveCollection and transferCollection: where a collection sits, kept; and getSubdomain. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

/** A collection made in acme, under `parent` when given. */
async function collection(title: string, parent?: string): Promise<string> {
  const res = await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/collections', { title, ...(parent && { parent }) });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('moveCollection', () => {
  it('puts it under another collection, then back at the top; the get shows where it is', async () => {
    const guides = gb.id('collections', 'guides');
    const runbooks = await collection('Runbooks');
    const res = await t.call('admin', 'POST', `/v1/collections/${runbooks}/move`, { parent: guides });
    expect(res.status).toBe(200);
    expectOfficial('moveCollection', 200, res.body);
    expect(res.body).toMatchObject({ id: runbooks, parent: guides });
    expect((await t.call('reader', 'GET', `/v1/collections/${runbooks}`)).body.parent).toBe(guides);
    const top = await t.call('admin', 'POST', `/v1/collections/${runbooks}/move`, { parent: null });
    expect(top.body).not.toHaveProperty('parent');
    expect((await t.call('reader', 'GET', `/v1/collections/${runbooks}`)).body).not.toHaveProperty('parent');
  });

  it('refuses a move into itself or below it (400), an unknown parent (400), no change (409), a reader (403), an outsider (404)', async () => {
    const guides = gb.id('collections', 'guides');
    const inner = await collection('Inner', guides);
    expect((await t.call('admin', 'POST', `/v1/collections/${guides}/move`, { parent: inner })).status).toBe(400);
    expect((await t.call('admin', 'POST', `/v1/collections/${guides}/move`, { parent: guides })).status).toBe(400);
    expect((await t.call('admin', 'POST', `/v1/collections/${guides}/move`, { parent: 'nope' })).status).toBe(400);
    expect((await t.call('admin', 'POST', `/v1/collections/${inner}/move`, { parent: guides })).status).toBe(409);
    expect((await t.call('admin', 'POST', `/v1/collections/${inner}/move`, {})).status).toBe(400);
    expect((await t.call('reader', 'POST', `/v1/collections/${inner}/move`, { parent: null })).status).toBe(403);
    expect((await t.call('outsider', 'POST', `/v1/collections/${inner}/move`, { parent: null })).status).toBe(404);
    expect((await t.call('reader', 'GET', `/v1/collections/${inner}`)).body.parent).toBe(guides);
    expect((await t.call('reader', 'GET', `/v1/collections/${guides}`)).body).not.toHaveProperty('parent');
  });
});

describe('transferCollection', () => {
  it('moves it, the collections under it and their spaces to the other organization', async () => {
    const guides = gb.id('collections', 'guides');
    const globex = gb.id('organizations', 'globex');
    const inner = await collection('Inner', guides);
    const space = gb.id('spaces', 'handbook');
    expect((await t.call('admin', 'POST', `/v1/spaces/${space}/move`, { parent: inner })).status).toBe(200);

    const res = await t.call('admin', 'POST', `/v1/collections/${guides}/transfer`, { organization: globex });
    expect(res.status).toBe(200);
    expectOfficial('transferCollection', 200, res.body);
    expect(res.body).toMatchObject({ id: guides, organization: globex });
    expect((await t.call('admin', 'GET', `/v1/collections/${inner}`)).body).toMatchObject({ organization: globex, parent: guides });
    expect((await t.call('admin', 'GET', `/v1/spaces/${space}`)).body).toMatchObject({ organization: globex, parent: inner });
    const lists = await t.call('admin', 'GET', `/v1/orgs/${globex}/collections`);
    expect(lists.body.items.map((c: { id: string }) => c.id).sort()).toEqual([guides, inner].sort());
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/collections')).body.items).toEqual([]);
    // Acme's reader no longer sees it.
    expect((await t.call('reader', 'GET', `/v1/collections/${guides}`)).status).toBe(404);
  });

  it('refuses the same organization (409), one the caller does not administer (403 or 404), a body without organization (400)', async () => {
    const guides = gb.id('collections', 'guides');
    expect((await t.call('admin', 'POST', `/v1/collections/${guides}/transfer`, { organization: gb.id('organizations', 'acme') })).status).toBe(409);
    expect((await t.call('admin', 'POST', `/v1/collections/${guides}/transfer`, {})).status).toBe(400);
    expect((await t.call('admin', 'POST', `/v1/collections/${guides}/transfer`, { organization: 'nope' })).status).toBe(404);
    expect((await t.call('editor', 'POST', `/v1/collections/${guides}/transfer`, { organization: gb.id('organizations', 'globex') })).status).toBe(403);
    expect((await t.call('reader', 'GET', `/v1/collections/${guides}`)).body.organization).toBe(gb.id('organizations', 'acme'));
  });
});

describe('getSubdomain', () => {
  it("answers the organization on a subdomain and whether a site of it is published; 404 for one nobody has", async () => {
    const res = await t.call('outsider', 'GET', '/v1/subdomains/acme');
    expect(res.status).toBe(200);
    expectOfficial('getSubdomain', 200, res.body);
    expect(res.body).toEqual({ object: 'subdomain', subdomain: 'acme', target: { type: 'organization', organization: gb.id('organizations', 'acme') }, isActive: true });
    expect((await t.call('outsider', 'GET', '/v1/subdomains/nobody-here')).status).toBe(404);
    await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}', { hostname: 'acme-docs' });
    expect((await t.call('outsider', 'GET', '/v1/subdomains/acme')).status).toBe(404);
    expect((await t.call('outsider', 'GET', '/v1/subdomains/acme-docs')).body.subdomain).toBe('acme-docs');
  });
});
