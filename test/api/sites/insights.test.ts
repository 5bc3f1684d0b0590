/**
 * Site insights computed from what the mock recorded: the events a site's pages reported
 * (trackEventsInSiteById), its questions and findings. Zeros and empty lists when nothing was.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { SITE } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

function event(type: string, visitor: string, session: string, url: string, extra: Record<string, unknown> = {}) {
  return {
    type,
    session: { visitorId: visitor, sessionId: session, cookies: {}, userAgent: 'UA', language: 'en', referrer: 'https://search.example.org/q', ...(extra.claims ? { visitorAuthClaims: extra.claims } : {}) },
    location: { url, siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
    ...(extra.feedback ? { feedback: extra.feedback } : {}),
  };
}

async function track(t: Calls, events: unknown[]) {
  const res = await t.call('reader', 'POST', `${SITE}/insights/events`, { events });
  expect(res.status).toBe(204);
}

const aggregate = (t: Calls, body: unknown) => t.call('reader', 'POST', `${SITE}/insights/events/aggregate`, body);

describe('aggregateSiteEvents', () => {
  it('counts nothing before any event is tracked', async () => {
    const res = await aggregate(t, { range: 'last7Days', select: [{ column: 'eventsCount' }, { column: 'visitorsCount' }] });
    expect(res.status).toBe(200);
    expectOfficial('aggregateSiteEvents', 200, res.body);
    expect(res.body).toEqual({ columns: [{ column: 'eventsCount', values: [0] }, { column: 'visitorsCount', values: [0] }] });
  });

  it('groups the tracked events by the columns asked, filtered and ordered', async () => {
    await track(t, [
      event('page_view', 'v1', 's1', 'https://acme.test/docs/start?utm_source=newsletter'),
      event('page_view', 'v1', 's1', 'https://acme.test/docs/guide'),
      event('page_view', 'v2', 's2', 'https://acme.test/docs/start'),
      event('page_post_feedback', 'v2', 's2', 'https://acme.test/docs/start', { feedback: { rating: 'good' } }),
    ]);
    const byPath = await aggregate(t, {
      range: 'last24Hours',
      select: [{ column: 'urlPath' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
      groupBy: [{ column: 'urlPath' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
    });
    expect(byPath.status).toBe(200);
    expectOfficial('aggregateSiteEvents', 200, byPath.body);
    expect(byPath.body.columns).toEqual([
      { column: 'urlPath', values: ['/docs/start', '/docs/guide'] },
      { column: 'eventsCount', values: [2, 1] },
      { column: 'visitorsCount', values: [2, 1] },
    ]);

    const totals = await aggregate(t, { range: 'last7Days', select: [{ column: 'eventsCount' }, { column: 'sessionsCount' }, { column: 'pageFeedbackRating' }] });
    expectOfficial('aggregateSiteEvents', 200, totals.body);
    expect(totals.body.columns).toEqual([
      { column: 'eventsCount', values: [4] },
      { column: 'sessionsCount', values: [2] },
      { column: 'pageFeedbackRating', values: [{ ok: 0, good: 1, bad: 0 }] },
    ]);

    const sources = await aggregate(t, { range: 'last7Days', select: [{ column: 'utmSource' }, { column: 'referrerDomain' }, { column: 'eventsCount' }], order: { by: { column: 'utmSource' }, direction: 'asc' } });
    expect(sources.body.columns).toEqual([
      { column: 'utmSource', values: ['', 'newsletter'] },
      { column: 'referrerDomain', values: ['search.example.org', 'search.example.org'] },
      { column: 'eventsCount', values: [3, 1] },
    ]);

    // Events outside the range are not counted.
    const old = await aggregate(t, { range: { from: '2001-01-01T00:00:00.000Z', to: '2001-01-02T00:00:00.000Z' }, select: [{ column: 'eventsCount' }] });
    expect(old.body.columns).toEqual([{ column: 'eventsCount', values: [0] }]);
  });

  it('keeps nothing for a site that is not published', async () => {
    expect((await t.call('admin', 'POST', `${SITE}/unpublish`)).status).toBe(200);
    await track(t, [event('page_view', 'v1', 's1', 'https://acme.test/docs')]);
    expect((await aggregate(t, { range: 'last7Days', select: [{ column: 'eventsCount' }] })).body.columns[0].values).toEqual([0]);
  });

  it('is refused to outsiders (404) and for a query the official document refuses (400)', async () => {
    expect((await t.call('outsider', 'POST', `${SITE}/insights/events/aggregate`, { range: 'last7Days' })).status).toBe(404);
    expect((await aggregate(t, { select: [{ column: 'eventsCount' }] })).status).toBe(400);
  });
});

describe('listSiteVisitorSegments', () => {
  it('is empty with no claims, then lists one segment per set of visitor claims tracked', async () => {
    const empty = await t.call('reader', 'GET', `${SITE}/insights/visitor-segments`);
    expect(empty.status).toBe(200);
    expectOfficial('listSiteVisitorSegments', 200, empty.body);
    expect(empty.body.items).toEqual([]);
    await track(t, [
      event('page_view', 'v1', 's1', 'https://acme.test/docs', { claims: { plan: 'pro' } }),
      event('page_view', 'v2', 's2', 'https://acme.test/docs', { claims: { plan: 'pro' } }),
      event('page_view', 'v3', 's3', 'https://acme.test/docs'),
    ]);
    const res = await t.call('reader', 'GET', `${SITE}/insights/visitor-segments`);
    expectOfficial('listSiteVisitorSegments', 200, res.body);
    expect(res.body.items).toEqual([{ title: 'plan: pro', claims: { plan: 'pro' }, events: 2, visitors: 2, sessions: 2 }]);
  });
});

describe('question and finding stats', () => {
  it('are zeros with no questions or findings recorded', async () => {
    // Globex's site has none (Acme's docs site has the starter's question and finding).
    const GLOBEX = t.path('/v1/orgs/{organizations.globex}/sites/{sites.globex-docs}');
    const questions = await t.call('admin', 'GET', `${GLOBEX}/question-stats`);
    expect(questions.status).toBe(200);
    expectOfficial('getSiteQuestionStats', 200, questions.body);
    expect(questions.body).toMatchObject({ total: 0, answers: 0, feedback: { positive: 0, negative: 0, unrated: 0 }, channels: {} });
    expect(questions.body.weeklyPulse).toEqual(new Array(13).fill(0));
    const findings = await t.call('admin', 'GET', `${GLOBEX}/stats/findings`);
    expect(findings.status).toBe(200);
    expectOfficial('getSiteFindingStats', 200, findings.body);
    expect(findings.body).toEqual({ total: 0, statuses: { open: 0, done: 0, canceled: 0 }, severities: { low: 0, medium: 0, high: 0 }, connectors: {}, questions: 0, mergedChangeRequests: 0 });
    expect((await t.call('outsider', 'GET', `${SITE}/question-stats`)).status).toBe(404);
  });

  describe('of a site with questions and findings', () => {
    const starter = JSON.parse(readFileSync(new URL('../../../scenarios/starter.json', import.meta.url), 'utf8'));
    const scenario = {
      ...starter,
      officialRecords: [
        ...(starter.officialRecords ?? []),
        { key: 'q-install', family: 'listSiteQuestions', parent: 'docs-site', fields: { question: 'How do I install it?' } },
        { key: 'q-rota', family: 'listSiteQuestions', parent: 'docs-site', fields: { question: 'Who is on call?' } },
        { key: 'f-broken', family: 'listSiteFindings', parent: 'docs-site', fields: { status: 'open', severity: 'high', questions: 2 } },
        { key: 'f-stale', family: 'listSiteFindings', parent: 'docs-site', fields: { status: 'done', severity: 'low', questions: 1 } },
      ],
    };
    const withData = useGitBookMock({ ...scenarioOptions('site-insights', scenario), wallClock: () => 0 });
    const u = callsOn(withData);

    it('count them', async () => {
      const questions = await u.call('reader', 'GET', `${SITE}/question-stats`);
      expectOfficial('getSiteQuestionStats', 200, questions.body);
      // These two and three, and the starter's question about the per diem and its open finding (medium).
      expect(questions.body.total).toBe(3);
      expect(questions.body.weeklyPulse.reduce((a: number, b: number) => a + b, 0)).toBe(3);
      const findings = await u.call('reader', 'GET', `${SITE}/stats/findings`);
      expectOfficial('getSiteFindingStats', 200, findings.body);
      expect(findings.body).toMatchObject({ total: 3, statuses: { open: 2, done: 1, canceled: 0 }, severities: { low: 1, medium: 1, high: 1 }, questions: 3 });
      const open = await u.call('reader', 'GET', `${SITE}/stats/findings?status=open`);
      expect(open.body).toMatchObject({ total: 2, severities: { high: 1, medium: 1, low: 0 } });
    });
  });
});

describe('listSiteIntegrationScripts', () => {
  it('is empty when no integration installed on the site injects a script', async () => {
    const res = await t.call('reader', 'GET', `${SITE}/integration-scripts`);
    expect(res.status).toBe(200);
    expectOfficial('listSiteIntegrationScripts', 200, res.body);
    expect(res.body).toEqual([]);
  });

  describe('with an integration that injects a script', () => {
    const starter = JSON.parse(readFileSync(new URL('../../../scenarios/starter.json', import.meta.url), 'utf8'));
    const scenario = {
      ...starter,
      integrations: [...starter.integrations, { key: 'analytics', title: 'Analytics', owner: 'acme', scopes: ['site:script:inject', 'site:script:cookies'], categories: ['analytics'], url: 'mock:events' }],
      installations: [...starter.installations, { key: 'analytics-acme', integration: 'analytics', organization: 'acme', sites: ['docs-site'] }],
    };
    const withScript = useGitBookMock({ ...scenarioOptions('site-scripts', scenario), wallClock: () => 0 });
    const u = callsOn(withScript);

    it('lists its script at the site installation URL, and the published view carries it', async () => {
      const res = await u.call('reader', 'GET', `${SITE}/integration-scripts`);
      expectOfficial('listSiteIntegrationScripts', 200, res.body);
      const installation = (await u.call('admin', 'GET', '/v1/integrations/analytics/installations')).body.items[0];
      expect(res.body).toEqual([{ script: `${installation.urls.publicEndpoint}/sites/${withScript.id('sites', 'docs-site')}/script.js`, cookies: true }]);
      const published = await u.call('reader', 'GET', `${SITE}/published?shareKey=${withScript.manifest.shareKeys['partner-preview']}`);
      expectOfficial('getPublishedContentSite', 200, published.body);
      expect(published.body.scripts).toEqual(res.body);
    });
  });
});
