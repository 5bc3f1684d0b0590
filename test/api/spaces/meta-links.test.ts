/** Page meta links: the canonical and alternate links GitBook's renderer reads for a page. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const linked = {
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
const gb = useGitBookMock({ wallClock: () => 0, ...scenarioOptions('linked', linked) });
const t = callsOn(gb);
const starter = callsOn(useGitBookMock({ wallClock: () => 0 }));

describe('page meta links', () => {
  it('serves a page\'s canonical and alternates in the live content, a revision and a change request (official client)', async () => {
    const api = gb.client('reader').spaces;
    const space = gb.id('spaces', 'handbook-de');
    const page = gb.id('pages', 'willkommen');
    const expected = {
      canonical: { kind: 'page', page: gb.id('pages', 'welcome'), space: gb.id('spaces', 'handbook') },
      alternates: [
        { kind: 'page', page: gb.id('pages', 'welcome'), space: gb.id('spaces', 'handbook') },
        { kind: 'page', page: gb.id('pages', 'kontakt') },
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

    const cr = await gb.client('editor').spaces.createChangeRequest(space, { subject: 'Übersetzung' });
    const inChangeRequest = await api.listChangeRequestPageMetaLinks(space, cr.data.id, page);
    expectOfficial('listChangeRequestPageMetaLinks', 200, inChangeRequest.data);
    expect(inChangeRequest.data).toEqual(expected);

    const document = await api.getPageById(space, page);
    expectOfficial('getPageById', 200, document.data);
    expect((document.data as { metaLinks?: unknown }).metaLinks).toEqual(expected);
  });

  it('gives a page without meta links an empty list of alternates and no canonical', async () => {
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook-de}/content/page/{pages.kontakt}/meta-links');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alternates: [] });
    expectOfficial('listSpacePageMetaLinks', 200, res.body);
    const plain = await starter.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/content/page/{pages.welcome}');
    expect(plain.body).not.toHaveProperty('metaLinks');
  });

  it('answers 404 for an unknown page, revision or change request and for a user outside the organization', async () => {
    const S = '/v1/spaces/{spaces.handbook-de}';
    expect((await t.call('reader', 'GET', `${S}/content/page/nope/meta-links`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/revisions/nope/page/{pages.willkommen}/meta-links`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/change-requests/nope/content/page/{pages.willkommen}/meta-links`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `${S}/content/page/{pages.willkommen}/meta-links`)).status).toBe(404);
    expect((await t.call(null, 'GET', `${S}/content/page/{pages.willkommen}/meta-links`)).status).toBe(401);
  });
});

describe('page meta links in a scenario', () => {
  const bad = {
    description: 'a dangling meta link',
    extends: 'starter',
    spaces: [{ key: 'x', organization: 'acme', pages: [{ key: 'p', title: 'P', metaLinks: { canonical: { page: 'nowhere' } } }] }],
  };
  const { scenariosDirs } = scenarioOptions('bad', bad);
  const t = callsOn(useGitBookMock({ wallClock: () => 0, scenariosDirs }));

  it('refuses a scenario whose meta link names an unknown page, naming where', async () => {
    const res = await t.admin('POST', '/__admin/scenarios/bad');
    expect(res.status).toBe(400);
    // The index is the entry's place in the user's own file, whatever starter holds.
    expect(JSON.stringify(res.body)).toContain('scenario.spaces[0].pages[0].metaLinks.canonical.page: unknown pages key');
  });
});
