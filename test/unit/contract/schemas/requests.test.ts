/**
 * Request schemas of the operation table: every write the seeds give a body has a body
 * schema, every list operation has a query schema whose `limit` stops at 1000, and every
 * schema a row names exists.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../../../src/resources/index.ts';
import { Schemas, readSchemaFiles, type JsonSchema } from '../../../../src/contract/schemas.ts';

const sources = readSchemaFiles();
const schemas = new Schemas(sources);
const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
/** A definition of the generic file (`official/generic#/$defs/<name>`) that the file holds. */
const inGenericFile = (id: string) => {
  const name = /^official\/generic#\/\$defs\/(.+)$/.exec(id)?.[1];
  return name !== undefined && name in ((sources.get('official/generic')?.$defs ?? {}) as object);
};

/** Writes whose seed row says the body is "none". */
const SEED_NO_BODY = new Set([
  'POST /v1/spaces/{spaceId}/duplicate',
  'POST /v1/spaces/{spaceId}/restore',
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update',
  'POST /v1/orgs/{organizationId}/members/{userId}/sso',
  'POST /v1/orgs/{organizationId}/ping',
]);

const S = '/v1/spaces/{spaceId}';
const CR = `${S}/change-requests/{changeRequestId}`;
const SITE = '/v1/orgs/{organizationId}/sites/{siteId}';
const ORG = '/v1/orgs/{organizationId}';
/** The operations whose seed row answers a list (or an envelope with `page` and `limit`). */
const SEED_LISTS = [
  `${S}/links`, `${S}/comments`, `${S}/commenters`, `${S}/change-requests`, `${CR}/comments`, `${CR}/comments/{commentId}/replies`,
  `${CR}/content/files`, `${CR}/content/files/{fileId}/backlinks`, `${CR}/content/page/{pageId}/links`, `${CR}/requested-reviewers`,
  `${ORG}/sites`, `${SITE}/sections`, `${SITE}/section-groups`, `${SITE}/site-spaces`, `${SITE}/share-links`,
  '/v1/orgs', `${ORG}/search`, `${ORG}/members`, `${ORG}/members/{userId}/spaces`, `${ORG}/members/{userId}/teams`, `${ORG}/teams`,
  `${ORG}/teams/{teamId}/members`, `${ORG}/saml`, `${ORG}/openapi`, `${ORG}/openapi/{specSlug}/versions`, `${ORG}/translations`,
].map((path) => `GET ${path}`);

/** Query parameters a list requires besides paging. */
const REQUIRED_QUERY: Record<string, Record<string, string>> = { searchOrganizationContent: { query: 'policy' }, searchSpaceContent: { query: 'policy' } };

function isListEnvelope(id: string): boolean {
  const schema = sources.get(id);
  const allOf = (schema?.allOf ?? []) as JsonSchema[];
  return allOf.some((s) => s.$ref === '/common/list');
}

const writes = operations.filter((o) => ['POST', 'PUT', 'PATCH'].includes(o.method));
const lists = operations.filter((o) => o.response && isListEnvelope(o.response));

describe('request schemas of the operation table', () => {
  it('names only schemas that exist', () => {
    const missing = operations.flatMap((o) =>
      [o.params, o.query, o.body, o.response].filter((id): id is string => id !== undefined && !sources.has(id) && !inGenericFile(id)).map((id) => `${key(o)}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  it('knows every write the seeds list without a body', () => {
    const known = new Set(writes.map(key));
    expect([...SEED_NO_BODY].filter((k) => !known.has(k))).toEqual([]);
  });

  it.each(writes.filter((o) => !SEED_NO_BODY.has(key(o))).map((o) => [key(o), o.body] as const))(
    '%s validates its body (%s)',
    (_k, body) => {
      expect(body).toBeDefined();
      expect(sources.get(body!)).toBeDefined();
    },
  );

  it('answers a list envelope wherever the seed lists a list', () => {
    const found = new Set(lists.map(key));
    expect(SEED_LISTS.filter((k) => !found.has(k))).toEqual([]);
  });

  // The official document types `limit` as a number from 0 to 1000: 0 and fractions are accepted (read by paginate.ts).
  it.each(lists.map((o) => [key(o), o.query, o.operationId] as const))('%s pages with limit 0 to 1000, as the official number (%s)', (_k, query, operationId) => {
    expect(query).toBeDefined();
    const validate = schemas.coercingValidator(query!);
    const withLimit = (limit: string) => validate({ ...REQUIRED_QUERY[operationId], limit });
    expect(withLimit('1000')).toBe(true);
    expect(withLimit('1')).toBe(true);
    expect(withLimit('0')).toBe(true);
    expect(withLimit('2.5')).toBe(true);
    expect(withLimit('1001')).toBe(false);
    expect(withLimit('-1')).toBe(false);
    expect(validate({ ...REQUIRED_QUERY[operationId], page: 'next-cursor' })).toBe(true);
    expect(validate({ ...REQUIRED_QUERY[operationId], page: '' })).toBe(true);
  });

  const x = (n: number) => 'x'.repeat(n);
  const url = (n: number) => `https://example.com/${x(n - 20)}`;
  /** Seed limits at their boundary: [schema, value, accepted]. */
  const LIMITS: [string, Record<string, unknown>, boolean][] = [
    ['change-requests/create-body', { subject: x(100) }, true],
    ['change-requests/create-body', { subject: x(101) }, false],
    ['change-requests/update-body', { subject: x(101) }, false],
    ['change-requests/request-reviewers-body', { users: ['u1'], subject: x(101) }, false],
    ['spaces/space-update', { title: x(50), emoji: x(50) }, true],
    ['spaces/space-update', { title: x(51) }, false],
    ['spaces/space-update', { emoji: x(51) }, false],
    ['sites/create-site-body', { title: x(2) }, true],
    ['sites/create-site-body', { title: x(1) }, false],
    ['sites/create-site-body', { title: x(129) }, false],
    ['sites/update-site-body', { title: x(128), basename: x(100), proxy: 'example.com/docs' }, true],
    ['sites/update-site-body', { basename: '' }, false],
    ['sites/update-site-body', { basename: x(101) }, false],
    ['sites/update-site-body', { proxy: 'example.com' }, false],
    ['sites/update-site-body', { proxy: `example.com/${x(501)}` }, false],
    ['sites/add-section-body', { spaceId: 's1', title: x(1) }, false],
    ['sites/update-section-body', { title: x(128), path: x(100), condition: x(1024), description: x(256) }, true],
    ['sites/update-section-body', { description: x(257) }, false],
    ['sites/update-section-body', { path: x(101) }, false],
    ['sites/update-section-body', { condition: '' }, true],
    ['sites/update-section-body', { condition: x(1025) }, false],
    ['sites/add-section-group-body', { title: x(100) }, true],
    ['sites/add-section-group-body', { title: '' }, false],
    ['sites/add-section-group-body', { title: x(101) }, false],
    ['sites/update-section-group-body', { title: x(101) }, false],
    ['sites/update-site-space-body', { path: x(100), condition: x(1024) }, true],
    ['sites/update-site-space-body', { path: x(101) }, false],
    ['sites/update-site-space-body', { condition: x(1025) }, false],
    ['sites/create-share-link-body', { name: x(50) }, true],
    ['sites/create-share-link-body', { name: x(51) }, false],
    ['sites/update-share-link-body', { name: x(51) }, false],
    ['organizations/organization-update', { title: x(255), hostname: 'abc', logo: url(2048) }, true],
    ['organizations/organization-update', { title: x(1) }, false],
    ['organizations/organization-update', { title: x(256) }, false],
    ['organizations/organization-update', { hostname: 'ab' }, false],
    ['organizations/organization-update', { hostname: x(33) }, false],
    ['organizations/organization-update', { logo: url(2049) }, false],
    ['organizations/team-create', { title: x(64) }, true],
    ['organizations/team-create', { title: '' }, false],
    ['organizations/team-create', { title: x(65) }, false],
    ['organizations/team-update', { title: x(65) }, false],
    ['organizations/team-member-put', { role: 'admin' }, false],
    ['organizations/saml-provider-create', { label: x(30), entityID: x(1024), certificate: x(10000), ssoURL: url(2048) }, true],
    ['organizations/saml-provider-create', { label: x(31) }, false],
    ['organizations/saml-provider-create', { label: 'a', entityID: x(1025) }, false],
    ['organizations/saml-provider-create', { label: 'a', certificate: x(10001) }, false],
    ['organizations/saml-provider-create', { label: 'a', ssoURL: url(2049) }, false],
    ['organizations/openapi-spec-create', { slug: x(100), source: { url: url(2048) } }, true],
    ['organizations/openapi-spec-create', { slug: x(101), source: { url: 'https://example.com/spec.yaml' } }, false],
    // Capitals: the official OpenAPISpecSlug pattern allows them (issue 10).
    ['organizations/openapi-spec-create', { slug: 'Now-a-Slug', source: { url: 'https://example.com/spec.yaml' } }, true],
    ['organizations/openapi-spec-create', { slug: 'not a slug', source: { url: 'https://example.com/spec.yaml' } }, false],
    ['organizations/openapi-spec-create', { slug: 'ok', source: { url: url(2049) } }, false],
    ['organizations/translation-create', { title: x(100) }, true],
    ['organizations/translation-create', { title: x(101) }, false],
  ];

  it.each(LIMITS.map(([id, value, accepted]) => [id, accepted, value] as const))('%s (limit case %#): accepted %s', (id, accepted, value) => {
    expect(schemas.strictValidator(id)(value)).toBe(accepted);
  });

  it.each([
    ['organizations/search-query', true, { query: x(512) }],
    ['organizations/search-query', false, { query: x(513) }],
  ] as const)('%s (limit case %#): accepted %s', (id, accepted, value) => {
    expect(schemas.coercingValidator(id)({ ...value })).toBe(accepted);
  });
});
