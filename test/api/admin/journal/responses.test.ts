/**
 * The journal answers "what did my app get back?": each item of GET /__admin/requests carries
 * the response (status, the headers the mock chose, a bounded body preview), the caller (the
 * manifest user key of the token), the session and the time taken.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BODY_PREVIEW } from '../../../../src/journal/request-log.ts';
import { useGitBookMock } from '../../../../src/vitest/index.ts';
import { callsOn, clearKept, type Calls } from '../../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no journal, other session, snapshot or coverage left by the one before.
beforeEach(() => clearKept(t));

async function journal(t: Calls, session?: string) {
  const res = await gb.fetch('/__admin/requests', { headers: session ? { 'X-Mock-Session': session } : {} });
  return (await res.json()).items;
}

describe('the journal keeps the response and the caller', () => {
  it('keeps the answer a client got: status, content type, the JSON body as sent, who called, how long it took', async () => {
    const sent = await t.call('commenter', 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'Looks good' } });
    expect(sent.status).toBeLessThan(300);
    const [entry] = await journal(t);
    expect(entry).toMatchObject({
      method: 'POST',
      status: sent.status,
      operationId: 'postCommentInSpace',
      caller: 'commenter',
      auth: 'known',
      session: 'default',
      response: { status: sent.status, headers: { 'content-type': 'application/json' }, body: sent.body },
    });
    expect(entry.response.bodyTruncated).toBeUndefined();
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry.durationMs).toBeLessThan(10_000);
    expect(entry.seq).toBe(1);
  });

  it('tells no token from an unknown one, and keeps the 401 the caller got', async () => {
    await t.call(null, 'GET', '/v1/orgs');
    await t.call('not-a-token-of-anyone', 'GET', '/v1/orgs');
    const [none, unknown] = await journal(t);
    expect(none).toMatchObject({ caller: null, auth: 'none', response: { status: 401, body: { error: { code: 401 } } } });
    expect(unknown).toMatchObject({ caller: null, auth: 'unknown', response: { status: 401, body: { error: { code: 401, message: 'The bearer token is not known to this server' } } } });
  });

  it('names the installation or the integration whose token called (issue 45)', async () => {
    const space = gb.id('spaces', 'handbook');
    const installation = await gb.fetch(`/v1/spaces/${space}`, { headers: { authorization: `Bearer ${gb.token('docs-bot-acme')}` } });
    expect(installation.status).toBe(200);
    const integration = await gb.fetch('/v1/integrations/docs-bot', { headers: { authorization: `Bearer ${gb.manifest.integrationTokens['docs-bot']}` } });
    expect(integration.status).toBe(200);
    // One installed through the API after the load has no key: it is named by its id.
    const installed = await t.call('admin', 'POST', '/v1/integrations/docs-bot/installations', { organization: gb.id('organizations', 'globex') });
    const token = await t.call('admin', 'POST', `/v1/integrations/docs-bot/installations/${installed.body.id}/tokens`);
    expect(token.status).toBeLessThan(300);
    await gb.fetch(`/v1/integrations/docs-bot/installations/${installed.body.id}`, { headers: { authorization: `Bearer ${token.body.token}` } });
    const entries = await journal(t);
    expect(entries.map((e: { caller: string; auth: string }) => [e.caller, e.auth])).toEqual([
      ['installation:docs-bot-acme', 'known'],
      ['integration:docs-bot', 'known'],
      ['admin', 'known'],
      ['admin', 'known'],
      [`installation:${installed.body.id}`, 'known'],
    ]);
  });

  it('keeps the headers an operation chose (Location) and a 405\'s Allow', async () => {
    const created = await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests', { subject: 'Journal test' });
    expect(created.status).toBe(201);
    await t.call('admin', 'PUT', '/v1/orgs');
    const [post, put] = await journal(t);
    expect(post.response.headers).toEqual({ location: created.headers.get('location'), 'content-type': 'application/json' });
    expect(put.response).toMatchObject({ status: 405, headers: { allow: expect.stringContaining('GET') } });
    expect(put.response.body.error.code).toBe(405);
  });

  it('cuts a long response body to a preview marked bodyTruncated, the first characters of what was sent', async () => {
    const markdown = 'A long comment. '.repeat(400);
    const res = await gb.fetch(`${t.path('/v1/spaces/{spaces.handbook}/comments')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gb.manifest.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: { markdown } }),
    });
    const text = await res.text();
    expect(text.length).toBeGreaterThan(BODY_PREVIEW);
    const [entry] = await journal(t);
    expect(entry.response).toMatchObject({ status: res.status, bodyTruncated: true, body: text.slice(0, BODY_PREVIEW) });
    expect(entry.bodyTruncated).toBe(true);
  });

  it('keeps what a fault rule answered, with its headers', async () => {
    await t.admin('POST', '/__admin/faults', { operationId: 'listOrganizationsForAuthenticatedUser', status: 429, times: 1, body: { slow: 'down' } });
    expect((await t.call('reader', 'GET', '/v1/orgs')).status).toBe(429);
    const [entry] = await journal(t);
    expect(entry).toMatchObject({
      injected: expect.any(String),
      caller: 'reader',
      response: { status: 429, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: { slow: 'down' } },
    });
  });

  it('names the session in the entries of that session\'s journal', async () => {
    await t.call('reader', 'GET', '/v1/orgs', undefined, { 'X-Mock-Session': 'qa-7' });
    const [entry] = await journal(t, 'qa-7');
    expect(entry).toMatchObject({ session: 'qa-7', caller: 'reader', response: { status: 200 } });
    expect(await journal(t)).toEqual([]);
  });
});
