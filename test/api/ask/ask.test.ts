/**
 * Search and questions over a site's and an organization's content: answers made from the
 * pages the caller can see, citing them, the same bytes for the same state and question.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial, formatErrors, officialComponent } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SITE = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';
const ORG = '/v1/orgs/{organizations.acme}';

/** The events of a Server-Sent Events body, each checked against the official component. */
function events(body: string, component: string): any[] {
  const validate = officialComponent(component);
  const found = body.split('\n\n').filter((e) => e.startsWith('data: ')).map((e) => JSON.parse(e.slice(6)));
  expect(body.endsWith('event: done\ndata: {}\n\n')).toBe(true);
  for (const event of found) if (!validate(event)) throw new Error(`${component}: ${formatErrors(validate)}`);
  return found;
}

const merge = () => t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/merge');

describe('searchSiteContent', () => {
  it('finds the pages of the site spaces in scope, grouped by space (official client)', async () => {
    const res = await gb.client('reader').orgs.searchSiteContent(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { query: 'remote', scope: { mode: 'all' } });
    expectOfficial('searchSiteContent', 200, res.data);
    const [space] = res.data.items as any[];
    expect(space).toMatchObject({ type: 'space', id: gb.id('spaces', 'handbook'), title: 'Employee Handbook' });
    expect(space.pages.map((p: { id: string }) => p.id)).toContain(gb.id('pages', 'remote-work'));
  });

  it('searches the live content: a merged change request shows at once', async () => {
    const search = () => t.call('reader', 'POST', `${SITE}/search`, { query: 'meeting-free', scope: { mode: 'default' } });
    expect((await search()).body.items).toEqual([]);
    expect((await merge()).status).toBe(200);
    const after = (await search()).body;
    expect(after.items[0].pages.map((p: { id: string }) => p.id)).toEqual([gb.id('pages', 'remote-work')]);
  });

  it('takes the deprecated scopes and keeps to the site spaces named', async () => {
    const ss = gb.id('siteSpaces', 'handbook-site-space');
    for (const body of [{ query: 'expenses', mode: 'all' }, { query: 'expenses', mode: 'current', siteSpaceId: ss }, { query: 'expenses', siteSpaceIds: [ss] }]) {
      const res = await t.call('reader', 'POST', `${SITE}/search`, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.items.map((s: { id: string }) => s.id)).toEqual([gb.id('spaces', 'handbook')]);
    }
    // Every site space but the current one: the handbook is the only one, so nothing.
    const others = await t.call('reader', 'POST', `${SITE}/search`, { query: 'expenses', scope: { mode: 'default', currentSiteSpace: ss, restrictTo: 'otherSiteSpaces' } });
    expect(others.body.items).toEqual([]);
  });

  it('refuses a site space of another site (400), an outsider (404) and no token (401)', async () => {
    const foreign = gb.id('siteSpaces', 'globex-guide-site-space');
    const res = await t.call('reader', 'POST', `${SITE}/search`, { query: 'x', scope: { mode: 'specific', siteSpaceIds: [foreign] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('siteSpaceIds');
    expect((await t.call('outsider', 'POST', `${SITE}/search`, { query: 'x', scope: { mode: 'all' } })).status).toBe(404);
    expect((await t.call(null, 'POST', `${SITE}/search`, { query: 'x', scope: { mode: 'all' } })).status).toBe(401);
    expect((await t.call('reader', 'POST', `${SITE}/search`, { scope: { mode: 'all' } })).status).toBe(400);
  });
});

describe('streamAskInSite', () => {
  const ask = (question: string, format = 'markdown') =>
    t.call('reader', 'POST', `${SITE}/ask?format=${format}`, { question, scope: { mode: 'default' } });

  it('answers from the pages, citing them with their space and revision', async () => {
    const res = await ask('What are the core hours for remote work?');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [event] = events(res.body, 'SearchAIAnswerStream');
    expect(event.answer.answer.markdown).toContain('Core hours are 10:00 to 15:00');
    const source = event.answer.sources[0];
    const space = (await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}')).body;
    expect(source).toMatchObject({ type: 'page', page: gb.id('pages', 'remote-work'), space: space.id, revision: space.revision });
    // The cited page is there in the cited revision.
    const page = await t.call('reader', 'GET', `/v1/spaces/${space.id}/revisions/${source.revision}/page/${source.page}`);
    expect(page.body.title).toBe('Remote work');
  });

  it('answers the same bytes to the same question, and a JSON document when asked', async () => {
    const first = await ask('remote work equipment', 'document');
    expect((await ask('remote work equipment', 'document')).body).toBe(first.body);
    const [event] = events(first.body, 'SearchAIAnswerStream');
    expect(event.answer.answer.document.object).toBe('document');
  });

  it('answers from what was merged, and nothing when nothing matches', async () => {
    expect(events((await ask('meeting-free Fridays')).body, 'SearchAIAnswerStream')[0].answer.sources).toEqual([]);
    await merge();
    expect(events((await ask('meeting-free Fridays')).body, 'SearchAIAnswerStream')[0].answer.answer.markdown).toContain('meeting-free');
    const [empty] = events((await ask('zzqx plover')).body, 'SearchAIAnswerStream');
    expect(empty.answer).toEqual({ followupQuestions: [], sources: [] });
  });

  it('is read by the official client stream', async () => {
    const chunks = [];
    const stream = gb.client('reader').orgs.streamAskInSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { question: 'expenses receipts', scope: { mode: 'default' } }, { format: 'markdown' });
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].answer.sources[0]).toMatchObject({ page: gb.id('pages', 'expenses') });
  });

  it('refuses outsiders (404)', async () => {
    expect((await t.call('outsider', 'POST', `${SITE}/ask`, { question: 'x', scope: { mode: 'default' } })).status).toBe(404);
  });
});

describe('streamAIResponseInSite', () => {
  it('streams the answer as document blocks between a start and a finish of one message', async () => {
    const body = { input: [{ role: 'user', content: 'How do I claim expenses?' }] };
    const res = await t.call('reader', 'POST', `${SITE}/ai/response`, body);
    const stream = events(res.body, 'AIStreamResponse');
    expect(stream.map((e) => e.type)).toEqual(['response_start', 'response_document', 'response_finish']);
    expect(new Set(stream.map((e) => e.messageId)).size).toBe(1);
    expect(JSON.stringify(stream[1].blocks)).toContain('Submit receipts within 30 days');
    expect((await t.call('reader', 'POST', `${SITE}/ai/response`, body)).body).toBe(res.body);
    const none = events((await t.call('reader', 'POST', `${SITE}/ai/response`, { input: [{ role: 'user', content: 'zzqx' }] })).body, 'AIStreamResponse');
    expect(none.map((e) => e.type)).toEqual(['response_start', 'response_finish']);
  });
});

describe('recommended questions and prewarm', () => {
  it('asks about the pages of the site and of the organization', async () => {
    const site = events((await t.call('reader', 'GET', `${SITE}/ask/questions`)).body, 'SearchAIRecommendedQuestionStream');
    expect(site.map((e) => e.question)).toContain('What is Remote work?');
    const org = await gb.client('reader').orgs.getRecommendedQuestionsInOrganization(gb.id('organizations', 'acme'));
    expectOfficial('getRecommendedQuestionsInOrganization', 200, org.data);
    expect(org.data.questions).toContain('What is Welcome to Acme?');
    const streamed = events((await t.call('reader', 'GET', `${ORG}/ask/questions/stream`)).body, 'SearchAIRecommendedQuestionStream');
    expect(streamed.map((e) => e.question)).toEqual(org.data.questions);
    // A site space of another site is named as the refused field.
    const foreign = gb.id('siteSpaces', 'globex-guide-site-space');
    expect((await t.call('reader', 'GET', `${SITE}/ask/questions?siteSpaceId=${foreign}`)).status).toBe(400);
  });

  it('accepts a prewarm (204) from whoever may search the site', async () => {
    expect((await t.call('reader', 'POST', `${SITE}/search/prewarm`)).status).toBe(204);
    expect((await t.call('outsider', 'POST', `${SITE}/search/prewarm`)).status).toBe(404);
  });
});

describe('askInOrganization', () => {
  it('answers from the spaces the caller can read (official client), and nothing from others', async () => {
    const acme = gb.id('organizations', 'acme');
    const res = await gb.client('reader').orgs.askInOrganization(acme, { query: 'Which header carries the bearer token?' }, { format: 'markdown' });
    expectOfficial('askInOrganization', 200, res.data);
    expect(res.data.answer?.sources[0]).toMatchObject({ type: 'page', page: gb.id('pages', 'api-auth'), space: gb.id('spaces', 'api-docs') });
    const none = await gb.client('reader').orgs.askInOrganization(acme, { query: 'Globex hostname' });
    expect(none.data.answer).toEqual({ followupQuestions: [], sources: [] });
    expect((await t.call('outsider', 'POST', `${ORG}/ask`, { query: 'x' })).status).toBe(404);
  });

  it('streams the same answer', async () => {
    const res = await t.call('reader', 'GET', `${ORG}/ask/stream?query=${encodeURIComponent('expenses per diem')}&format=markdown`);
    const [event] = events(res.body, 'SearchAIAnswerStream');
    const asked = (await t.call('reader', 'POST', `${ORG}/ask?format=markdown`, { query: 'expenses per diem' })).body;
    expect(event.answer).toEqual(asked.answer);
  });
});
