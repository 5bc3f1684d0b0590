/**
 * How an answer was made is said on it: `X-Mock-Source` (exposed to browsers) and the journal's
 * `source` tell a body read from the state from one built from the official schema, and both
 * from an answer of response control (docs/contract.md "How an answer was made").
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, clearKept } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
beforeEach(() => clearKept(t));

const journal = async () => (await t.admin('GET', '/__admin/requests')).body.items as { path: string; source: string; status: number }[];

describe('X-Mock-Source', () => {
  it('says `state` for an operation that reads the session, its refusals included', async () => {
    const got = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}');
    expect(got.status).toBe(200);
    expect(got.headers.get('x-mock-source')).toBe('state');
    const missing = await t.call('reader', 'GET', '/v1/spaces/no-such-space');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-mock-source')).toBe('state');
    expect((await journal()).map((entry) => entry.source)).toEqual(['state', 'state']);
  });

  it('says `schema` for a kept record of the generic tier and `computed` for an object made for the request', async () => {
    const org = t.id('organizations', 'acme');
    const glossary = await t.call('admin', 'GET', `/v1/orgs/${org}/translations-glossary`);
    expect(glossary.status).toBe(200);
    expect(glossary.headers.get('x-mock-source')).toBe('schema');
    // Agent feedback keeps nothing the API reads back: its 204 is made for the request.
    const feedback = await t.call('admin', 'POST', `/v1/orgs/${org}/sites/${t.id('sites', 'docs-site')}/agent-feedback`, {
      feedback: 'The install page skips a step',
      url: 'https://acme.gitbook.io/handbook',
      spaceId: t.id('spaces', 'handbook'),
      pageId: t.id('pages', 'welcome'),
    });
    expect(feedback.status).toBe(204);
    expect(feedback.headers.get('x-mock-source')).toBe('computed');
    expect((await journal()).map((entry) => entry.source)).toEqual(['schema', 'computed']);
  });

  it('says `prefer` and `fault` for an answer of response control, and the row again when a rule only delays', async () => {
    const preferred = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}', undefined, { prefer: 'code=503' });
    expect(preferred.headers.get('x-mock-source')).toBe('prefer');
    await t.admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 500, times: 1 });
    const faulted = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}');
    expect(faulted.status).toBe(500);
    expect(faulted.headers.get('x-mock-source')).toBe('fault');
    await t.admin('POST', '/__admin/faults', { operationId: 'getSpaceById', delay: 1, times: 1 });
    const delayed = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}');
    expect(delayed.headers.get('x-mock-source')).toBe('state');
    expect((await journal()).map((entry) => entry.source)).toEqual(['prefer', 'fault', 'state']);
  });

  it('says `admin` for the admin API and `router` for a path no operation serves', async () => {
    const health = await gb.fetch('/__admin/health');
    expect(health.headers.get('x-mock-source')).toBe('admin');
    const unknown = await t.call('reader', 'GET', '/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-mock-source')).toBe('router');
    expect((await journal()).map((entry) => entry.source)).toEqual(['router']);
  });

  it('is exposed to a page of another origin, as X-Mock-Warning is', async () => {
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}', undefined, { origin: 'http://app.example' });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['X-Mock-Warning', 'X-Mock-Source']));
  });
});
