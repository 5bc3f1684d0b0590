/**
 * Issue 29, in Node: `gitbook-mock/msw`'s handlers under MSW's `setupServer`, and the official
 * `@gitbook/api` client talking to https://api.gitbook.com as an app would. No socket, no
 * server: MSW answers the client's fetch from the mock in this process.
 *
 * MSW allows one active `setupServer` at a time (it patches the global fetch), so two servers
 * run one after the other here; each `createMockHandlers()` builds a mock of its own, and what
 * one server's requests wrote is not seen through the other.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { ChangeRequestReviewStatus, GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { createMockHandlers, type MockHandlers } from '../../../src/msw/index.ts';
import { expectOfficial } from '../../helpers/official.ts';

/** The status of a refused call of the official client. */
async function refusal(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GitBookAPIError) return error.code;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('gitbook-mock/msw under setupServer, with the official client against https://api.gitbook.com', () => {
  let gb: MockHandlers;
  let server: ReturnType<typeof setupServer>;
  /** The official client as a manifest user, with its default endpoint (https://api.gitbook.com). */
  const client = (user = 'admin') => new GitBookAPI({ authToken: gb.token(user) });

  beforeAll(() => {
    gb = createMockHandlers();
    server = setupServer(...gb.handlers);
    // Any request the handlers do not answer would leave the process: fail instead.
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(async () => {
    await gb.reset();
  });
  afterAll(() => server.close());

  it('reads the handbook: the space, its pages and a page, as the official schemas describe them', async () => {
    const api = client('reader');
    const space = gb.id('spaces', 'handbook');
    const { data } = await api.spaces.getSpaceById(space);
    expectOfficial('getSpaceById', 200, data);
    expect(data.title).toBe('Employee Handbook');
    const pages = await api.spaces.listPages(space);
    expectOfficial('listPages', 200, pages.data);
    expect(pages.data.pages.length).toBeGreaterThanOrEqual(2);
    const first = pages.data.pages[0];
    const page = await api.spaces.getPageById(space, first.id);
    expect(page.data.title).toBe(first.title);
  });

  it('answers fonts and the generic tier too: the starter\'s custom font, a new one listed, a computed answer', async () => {
    const api = client('admin');
    const org = gb.id('organizations', 'acme');
    const font = await api.orgs.getCustomFont(org, gb.id('customFonts', 'acme-sans'));
    expectOfficial('getCustomFont', 200, font.data);
    expect(font.data.fontFamily).toBe('Acme Sans');
    const made = await api.orgs.createCustomFont(org, { fontFamily: 'Page Sans', fontFaces: [{ weight: 400, storageKey: 'customization_font/acme/acme-sans-regular.woff2' }] });
    expect((await api.orgs.listCustomFonts(org)).data.items.map((f) => f.id)).toContain(made.data.id);
    const questions = await api.orgs.getRecommendedQuestionsInOrganization(org);
    expectOfficial('getRecommendedQuestionsInOrganization', 200, questions.data);
  });

  it('drops the fields a body schema does not name at every depth, and names them in X-Mock-Warning', async () => {
    const res = await fetch(`https://api.gitbook.com/v1/spaces/${gb.id('spaces', 'handbook')}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${gb.token('admin')}`, 'content-type': 'application/json' },
      body: '{"title":"Handbook","junk":1,"mergeRules":{"type":"none","rules":[],"__proto__":{"polluted":1}}}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-warning')).toContain('body.junk, body.mergeRules.rules, body.mergeRules.__proto__');
    const space = (await res.json()) as Record<string, unknown>;
    expect(space).not.toHaveProperty('junk');
    expect(space.mergeRules).toEqual({ type: 'none' });
  });

  it('posts a comment and finds it in the list', async () => {
    const space = gb.id('spaces', 'handbook');
    const posted = await client('commenter').spaces.postCommentInSpace(space, { body: { markdown: 'Where is the holiday policy?' } });
    expect(posted.status).toBeLessThan(300);
    const { data } = await client('reader').spaces.listCommentsInSpace(space);
    expectOfficial('listCommentsInSpace', 200, data);
    expect(data.items.map((c) => c.id)).toContain(posted.data.id);
  });

  it('deletes and restores a space; eight days later a deleted space is gone', async () => {
    const api = client('admin');
    const space = gb.id('spaces', 'handbook');
    await api.spaces.deleteSpaceById(space);
    const restored = await api.spaces.restoreSpace(space);
    expectOfficial('restoreSpace', 200, restored.data);
    expect(restored.data.deletedAt).toBeUndefined();
    await api.spaces.deleteSpaceById(space);
    expect((await gb.clock.advance('P8D')).now).toMatch(/^2026-01-09T/);
    expect(await refusal(api.spaces.restoreSpace(space))).toBe(404);
  });

  it('reviews and merges a change request', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = gb.id('changeRequests', 'handbook-draft');
    const review = await client('reviewer').spaces.submitChangeRequestReview(space, cr, { status: ChangeRequestReviewStatus.Approved });
    expectOfficial('submitChangeRequestReview', 201, review.data);
    const merged = await client('editor').spaces.mergeChangeRequest(space, cr);
    expect(merged.status).toBe(200);
    const { data } = await client('reader').spaces.getChangeRequestById(space, cr);
    expect(data.status).toBe('merged');
  });

  it('keeps a journal and coverage of what the client did, and loads another scenario', async () => {
    await gb.clearRequests();
    await client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'));
    const { items } = await gb.requests({ operationId: 'getSpaceById' });
    expect(items.map((i) => [i.method, i.path, i.status])).toEqual([['GET', `/v1/spaces/${gb.id('spaces', 'handbook')}`, 200]]);
    const coverage = await gb.coverage();
    expect(coverage.operations.items.find((o) => o.operationId === 'getSpaceById')?.calls).toBeGreaterThan(0);
    const trash = await gb.loadScenario('trash');
    expect(trash.scenario).toBe('trash');
    expect(gb.id('spaces', 'deleted-3d')).toBe(trash.ids.spaces['deleted-3d']);
    const { data } = await client().spaces.getSpaceById(gb.id('spaces', 'deleted-3d'));
    expect(data.deletedAt).toBeDefined();
    await gb.loadScenario('starter');
  });
});

describe('two setupServer instances in one process', () => {
  it('do not share state: a comment posted through one is not in the other', async () => {
    const first = createMockHandlers();
    const second = createMockHandlers();
    // The same scenario gives the same ids: only the state can tell them apart.
    expect(second.id('spaces', 'handbook')).toBe(first.id('spaces', 'handbook'));
    const space = first.id('spaces', 'handbook');
    const comments = async (gb: MockHandlers) =>
      (await new GitBookAPI({ authToken: gb.token('reader') }).spaces.listCommentsInSpace(space)).data.items.map((c) => c.id);

    // MSW allows one active setupServer at a time (each patches the global fetch): one, then the other.
    const one = setupServer(...first.handlers);
    one.listen({ onUnhandledRequest: 'error' });
    const before = await comments(first);
    const posted = await new GitBookAPI({ authToken: first.token('commenter') }).spaces.postCommentInSpace(space, { body: { markdown: 'Only here' } });
    expect(await comments(first)).toContain(posted.data.id);
    one.close();

    const two = setupServer(...second.handlers);
    two.listen({ onUnhandledRequest: 'error' });
    expect(await comments(second)).toEqual(before);
    two.close();

    // The first mock still holds its comment: closing a server does not drop its state.
    const again = setupServer(...first.handlers);
    again.listen({ onUnhandledRequest: 'error' });
    expect(await comments(first)).toContain(posted.data.id);
    again.close();
  });
});

describe('options', () => {
  it('answers under any base URL, a path included', async () => {
    const gb = createMockHandlers({ baseUrl: 'http://localhost:5173/gitbook-api/' });
    const server = setupServer(...gb.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const api = new GitBookAPI({ authToken: gb.token('reader'), endpoint: 'http://localhost:5173/gitbook-api' });
      const { data } = await api.spaces.getSpaceById(gb.id('spaces', 'handbook'));
      expect(data.title).toBe('Employee Handbook');
      const res = await fetch('http://localhost:5173/gitbook-api/v1/spaces/x', { headers: { authorization: `Bearer ${gb.token('reader')}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 404 } });
    } finally {
      server.close();
    }
  });

  it('starts the clock where asked, frozen if asked, and reset comes back to it', async () => {
    const gb = createMockHandlers({ scenario: 'review', now: '2026-03-01T09:00:00.000Z', frozen: true });
    expect(gb.manifest).toMatchObject({ scenario: 'review', now: '2026-03-01T09:00:00.000Z' });
    expect(await gb.clock.get()).toEqual({ now: '2026-03-01T09:00:00.000Z', frozen: true });
    await gb.clock.advance('PT1H');
    expect((await gb.reset()).now).toBe('2026-03-01T09:00:00.000Z');
    expect((await gb.clock.get()).now).toBe('2026-03-01T09:00:00.000Z');
  });

  it('takes scenarios as data, checked against schemas/scenario.json with compiled validators', async () => {
    const gb = createMockHandlers({
      scenario: { description: 'mine', extends: 'empty', spaces: [{ key: 'notes', organization: 'org', title: 'Notes' }] },
      scenarios: { broken: { description: 'bad', spaces: [{ key: 'x', organization: 'nowhere', title: 'X' }] } },
    });
    expect(gb.manifest.scenario).toBe('custom');
    expect(gb.id('spaces', 'notes')).toMatch(/^[A-Za-z0-9]{20}$/);
    await expect(gb.loadScenario('broken')).rejects.toThrow(/400 .*organizations key "nowhere"/);
    await expect(gb.loadScenario({ description: 'typo', spacess: [] } as never)).rejects.toThrow(/400 .*spacess is not a known field/);
    await expect(gb.loadScenario('nope')).rejects.toThrow(/404 Unknown scenario "nope"/);
    // A refused load changes nothing.
    expect(gb.manifest.scenario).toBe('custom');
  });

  it('answers 501 to a state import, whose validator the browser build leaves out, and keeps the state', async () => {
    const gb = createMockHandlers();
    const exported = await (await gb.admin('/state')).json();
    const res = await gb.admin('/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exported) });
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ error: { code: 501, message: expect.stringMatching(/^state is not validated by the mock in a browser page/) } });
    expect(gb.id('spaces', 'handbook')).toBe(gb.manifest.ids.spaces.handbook);
  });

  it('refuses a scenario that needs generated filler, naming what to give', async () => {
    const gb = createMockHandlers({ scenario: 'empty' });
    const filler = { description: 'no titles', extends: 'empty', spaces: [{ key: 'untitled', organization: 'org' }] };
    await expect(gb.loadScenario(filler as never)).rejects.toThrow(/generated data \(faker\).*give every title/);
  });
});
