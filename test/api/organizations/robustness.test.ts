import { describe, expect, it } from 'vitest';
import { organizationOperations } from '../../../src/resources/organizations/operations.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const PARAMS: Record<string, string> = {
  organizationId: '{organizations.acme}',
  userId: '{users.editor}',
  teamId: '{teams.writers}',
  samlProviderId: '{samlProviders.okta}',
  specSlug: 'petstore',
  versionId: 'latest-unknown',
  translationSettingsId: '{translations.french}',
  inviteId: '{inviteLinks.acme-readers}',
  emailDomain: 'acme.test',
  subdomain: 'acme',
};

/** What a read requires in its query besides the search. */
const REQUIRED_QUERY: Record<string, string> = { getOrganizationAIUsage: '&from=2025-12-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z' };

const BODIES: unknown[] = ['null', '[]', '"text"', '42', '{"title":{"a":1},"role":[],"add":{},"source":{"url":1,"text":2}}', '{"memberships":[]}'];

describe('no request shape gets a 500', () => {
  it.each(organizationOperations.map((o) => [o.method, o.path] as const))('%s %s', async (method, path) => {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name]);
    for (const body of method === 'GET' ? [undefined] : BODIES) {
      const res = await t.call('admin', method, `${url}?limit=abc&page=zzz&query=`, body);
      expect(res.status, `${method} ${url} ${String(body)}`).toBeLessThan(500);
      const weird = await t.call('admin', method, url.replace('{organizations.acme}', '%E2%9C%93'), body);
      expect(weird.status).toBeLessThan(500);
    }
  });
});

describe('responses match our own resource schemas', () => {
  const reads = organizationOperations.filter((o) => o.method === 'GET' && o.response);
  it.each(reads.map((o) => [o.operationId, o] as const))('%s', async (_, operation) => {
    const version = gb.mock!.runtime.db.openapiSpecVersions.list()[0].id;
    const params = { ...PARAMS, versionId: version };
    const url = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name as keyof typeof params]);
    const res = await t.call('admin', 'GET', `${url}?query=policy${REQUIRED_QUERY[operation.operationId] ?? ''}`);
    expect(res.status).toBe(200);
    const validate = gb.mock!.runtime.schemas.strictValidator(operation.response!);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
