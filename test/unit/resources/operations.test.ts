/**
 * The route table matches the seed operations row for row. test/data/seed-operations.json holds
 * the seed documents' operations (method, path, status, operationId) inside the repository.
 */
import { OFFICIAL_ROUTES } from '../../../src/contract/official-routes.ts';
import { routeKey } from '../../../src/resources/unserved.ts';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { operations } from '../../../src/resources/index.ts';
import { officialOperation } from '../../helpers/official.ts';

interface SeedOperation {
  method: string;
  path: string;
  status: number;
  operationId: string | null;
}

const seed = JSON.parse(
  readFileSync(new URL('../../data/seed-operations.json', import.meta.url), 'utf8'),
) as SeedOperation[];

/** Operations we serve beyond the seed list, each with the reason. */
const EXTRAS: Record<string, string> = {
  'GET /v1/spaces/{spaceId}/commenters': 'the seed lists it with its path "not shown"; the official path',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters': 'official; the same list for a change request',
  'GET /v1/spaces/{spaceId}/comments/{commentId}/replies': 'official; the seed lists replies only under change requests',
  'PUT /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}':
    'the seed says "not shown"; official',
  'DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}':
    'the seed says "not shown"; official',
  'GET /v1/user': 'official (issue 10): gitbook auth and whoami call it first',
  'GET /v1/users/{userId}': 'official (issue 10): where every presented user\'s urls.location points',
  'GET /v1/spaces/{spaceId}/content': 'official (issue 10): the live content GitBook\'s renderer reads',
  'GET /v1/spaces/{spaceId}/content/pages': 'official (issue 10): live content',
  'GET /v1/spaces/{spaceId}/content/page/{pageId}': 'official (issue 10): live content',
  'GET /v1/spaces/{spaceId}/content/path/{pagePath}': 'official (issue 10): live content',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}': 'official (issue 10): the renderer\'s revision read',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}': 'official (issue 10): the renderer\'s page read',
  'GET /v1/orgs/{organizationId}/spaces': 'official (issue 10): the organization\'s spaces',
  'POST /v1/orgs/{organizationId}/spaces': 'official (issue 10): create a space (create role)',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}': 'official (issue 10): the renderer\'s page read',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews': 'official (issue 10): reviews of a change request',
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews': 'official (issue 10): submit a review',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes': 'official (issue 10): what a change request changes',
  'GET /v1/orgs/{organizationId}/change-requests': 'official (issue 10): the organization-wide change request list',
  'GET /v1/spaces/{spaceId}/content/page/{pageId}/meta-links': 'official (issue 10): a page\'s canonical and alternate links',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links': 'official (issue 10): the meta links GitBook\'s renderer reads',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links': 'official (issue 10): meta links in a change request',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/pages': 'official (issue 10): a revision\'s page tree',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document': 'official (issue 10): the page body GitBook\'s renderer reads',
  'GET /v1/spaces/{spaceId}/documents/{documentId}': 'official (issue 10): a body by the documentId a page names',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/changes': 'official (issue 10): what a revision changed, read by GitBook\'s renderer',
  'GET /v1/orgs/{organizationId}/sites/{siteId}/structure': 'official (issue 10): a site\'s structure',
  'GET /v1/orgs/{organizationId}/sites/{siteId}/customization': 'official (issue 10): site customization',
  'PUT /v1/orgs/{organizationId}/sites/{siteId}/customization': 'official (issue 10): site customization (full replacement)',
  'GET /v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization': 'official (issue 10): a site space\'s effective customization',
  'PATCH /v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization': 'official (issue 10): site-space overrides',
  'DELETE /v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization': 'official (issue 10): remove site-space overrides',
  'GET /v1/spaces/{spaceId}/search': 'official (issue 10): search a space',
};

const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

describe('the operation table', () => {
  const ours = new Map(operations.map((o) => [key(o), o]));

  it.each(seed.map((s) => [key(s), s]))('serves %s as the seed says', (_k, s) => {
    const row = ours.get(key(s));
    expect(row, `missing ${key(s)}`).toBeDefined();
    expect(row!.status).toBe(s.status);
    if (s.operationId) expect(row!.operationId).toBe(s.operationId);
  });

  it('has nothing the seed does not list, except the known extras and official operations (issue 26)', () => {
    const seedKeys = new Set(seed.map(key));
    const officialKeys = new Set(OFFICIAL_ROUTES.map(([, method, path]) => routeKey(method, path)));
    const extra = operations.filter((o) => !seedKeys.has(key(o)));
    expect(extra.filter((o) => !(key(o) in EXTRAS) && !officialKeys.has(routeKey(o.method, o.path))).map(key)).toEqual([]);
    expect(Object.keys(EXTRAS).filter((k) => !extra.some((o) => key(o) === k))).toEqual([]);
  });

  it('has no operation twice and unique operation ids', () => {
    expect(new Set(operations.map(key)).size).toBe(operations.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
  });

  it('marks the operations the official document lacks, and names no official one wrongly', () => {
    for (const o of operations) {
      const official = officialOperation(o.operationId);
      expect(o.official ?? true, `${o.operationId}: official flag`).toBe(official !== undefined);
      if (!official) continue;
      // Parameter names do not show from outside (the seeds call a translation's id translationSettingsId).
      const shape = (k: string) => k.replace(/\{\w+\}/g, '{}');
      expect(shape(`${official.method.toUpperCase()} /v1${official.path}`)).toBe(shape(key(o)));
    }
  });
});
