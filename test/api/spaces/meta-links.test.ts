/** Page meta links: the canonical and alternate links GitBook's renderer reads for a page. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScenarioMock, createTestMock } from '../../helpers/mock.ts';
import { expectOfficial } from '../../helpers/official.ts';

function linked() {
  const scenario = {
    description: 'starter and a German handbook whose welcome page points at the English one',
    extends: 'starter',
    spaces: [
      {
        key: 'handbook-de',
        organization: 'acme',
        title: 'Handbuch',
        pages: [
          {
            key: 'willkommen',
            title: 'Willkommen',
            metaLinks: {
              canonical: { page: 'welcome' },
              alternates: [{ page: 'welcome' }, { page: 'kontakt' }, { url: 'https://acme.example/fr/bienvenue' }],
            },
          },
          { key: 'kontakt', title: 'Kontakt' },
        ],
      },
    ],
  };
  return createScenarioMock('linked', scenario);
}

describe('page meta links', () => {
  it('serves a page\'s canonical and alternates in the live content, a revision and a change request (official client)', async () => {
    const t = linked();
    const api = t.client('reader').spaces;
    const space = t.id('spaces', 'handbook-de');
    const page = t.id('pages', 'willkommen');
    const expected = {
      canonical: { kind: 'page', page: t.id('pages', 'welcome'), space: t.id('spaces', 'handbook') },
      alternates: [
        { kind: 'page', page: t.id('pages', 'welcome'), space: t.id('spaces', 'handbook') },
        { kind: 'page', page: t.id('pages', 'kontakt') },
        { kind: 'url', url: 'https://acme.example/fr/bienvenue' },
      ],
    };
    const live = await api.listSpacePageMetaLinks(space, page);
    expectOfficial('listSpacePageMetaLinks', 200, live.data);
    expect(live.data).toEqual(expected);

    const revision = (await api.getCurrentRevision(space)).data.id;
    const inRevision = await api.listRevisionPageMetaLinks(space, revision, page);
    expectOfficial('listRevisionPageMetaLinks', 200, inRevision.data);
    expect(inRevision.data).toEqual(expected);

    const cr = await t.client('editor').spaces.createChangeRequest(space, { subject: 'Übersetzung' });
    const inChangeRequest = await api.listChangeRequestPageMetaLinks(space, cr.data.id, page);
    expectOfficial('listChangeRequestPageMetaLinks', 200, inChangeRequest.data);
    expect(inChangeRequest.data).toEqual(expected);

    const document = await api.getPageById(space, page);
    expectOfficial('getPageById', 200, document.data);
    expect((document.data as { metaLinks?: unknown }).metaLinks).toEqual(expected);
  });

  it('gives a page without meta links an empty list of alternates and no canonical', async () => {
    const t = linked();
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook-de}/content/page/{pages.kontakt}/meta-links');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alternates: [] });
    expectOfficial('listSpacePageMetaLinks', 200, res.body);
    const starter = createTestMock();
    const plain = await starter.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/content/page/{pages.welcome}');
    expect(plain.body).not.toHaveProperty('metaLinks');
  });

  it('answers 404 for an unknown page, revision or change request and for a user outside the organization', async () => {
    const t = linked();
    const S = '/v1/spaces/{spaces.handbook-de}';
    expect((await t.call('reader', 'GET', `${S}/content/page/nope/meta-links`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/revisions/nope/page/{pages.willkommen}/meta-links`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/change-requests/nope/content/page/{pages.willkommen}/meta-links`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `${S}/content/page/{pages.willkommen}/meta-links`)).status).toBe(404);
    expect((await t.call(null, 'GET', `${S}/content/page/{pages.willkommen}/meta-links`)).status).toBe(401);
  });

  it('refuses a scenario whose meta link names an unknown page, naming where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-meta-links-'));
    const bad = {
      description: 'a dangling meta link',
      extends: 'starter',
      spaces: [{ key: 'x', organization: 'acme', pages: [{ key: 'p', title: 'P', metaLinks: { canonical: { page: 'nowhere' } } }] }],
    };
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const t = createTestMock({ scenariosDirs: [dir] });
    const res = await t.admin('POST', '/__admin/scenarios/bad');
    expect(res.status).toBe(400);
    // The index is the entry's place in the user's own file, whatever starter holds.
    expect(JSON.stringify(res.body)).toContain('scenario.spaces[0].pages[0].metaLinks.canonical.page: unknown pages key');
  });
});
