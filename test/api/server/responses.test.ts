/**
 * Real responses match our own response schemas (and the official one, where the
 * official document has the operation): every read operation of the table, on
 * the starter scenario (plus a Git import and a visitor schema, so that every read has
 * something to show), and a few query variants that change the shape of what is served.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../src/resources/index.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { findPage } from '../../../src/resources/shared/page-tree.ts';
import { expectOfficial, officialResponseValidator } from '../../helpers/official.ts';
import { INTEGRATION_EVENTS } from '../../../src/resources/integrations/runs.ts';
import { AUDIT_EVENTS } from '../../../src/resources/organizations/audit.ts';
import { IMPORT_FAMILY } from '../../../src/resources/organizations/imports.ts';

// The tests share what beforeAll makes (installations, a GitLab project): state carries over.
const gb = useGitBookMock({ wallClock: () => 0, scope: 'file' });
const t = callsOn(gb);

const PARAMS: Record<string, string> = {
  spaceId: '{spaces.handbook}',
  changeRequestId: '{changeRequests.handbook-draft}',
  fileId: '{files.team-photo}',
  pageId: '{pages.welcome}',
  organizationId: '{organizations.acme}',
  siteId: '{sites.docs-site}',
  siteSectionId: '{siteSections.handbook-section}',
  siteSpaceId: '{siteSpaces.handbook-site-space}',
  shareLinkId: '{shareLinks.partner-preview}',
  userId: '{users.editor}',
  teamId: '{teams.writers}',
  samlProviderId: '{samlProviders.okta}',
  specSlug: 'petstore',
  translationSettingsId: '{translations.french}',
  emailDomain: 'acme.test',
  pagePath: 'policies/remote-work',
  collectionId: '{collections.guides}',
  hostname: 'docs.globex.test',
  siteMcpServerId: '{siteMcpServers.support-tools}',
  siteChannelId: '{siteChannels.support-slack}',
  inviteId: '{inviteLinks.acme-readers}',
  reusableContentId: '{reusableContents.support-hours}',
  integrationName: '{integrations.docs-bot}',
  installationId: '{installations.docs-bot-acme}',
  fontId: '{customFonts.acme-sans}',
  subdomain: 'acme',
  siteContextRecordId: '{officialRecords.per-diem-ticket}',
};

/** Comments and replies differ between a space and its change request. */
function url(t: Calls, path: string): string {
  const inCr = path.includes('/change-requests/');
  const params: Record<string, string> = {
    ...PARAMS,
    commentId: inCr ? '{comments.draft-review}' : '{comments.welcome-question}',
    commentReplyId: inCr ? '{commentReplies.draft-review-reply}' : '{commentReplies.welcome-answer}',
    versionId: gb.mock!.runtime.db.openapiSpecVersions.list()[0].id,
    revisionId: gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!.revision,
    // A task the integration queued, and an audit event of the writes beforeAll made.
    eventId: gb.mock!.runtime.db.officialRecords.find((r) => r.family === INTEGRATION_EVENTS)!.id,
    auditEventId: gb.mock!.runtime.db.officialRecords.find((r) => r.family === AUDIT_EVENTS)!.id,
    // The import run starter holds, and the review beforeAll submits on the handbook's draft.
    importRunId: gb.mock!.runtime.db.officialRecords.find((r) => r.family === IMPORT_FAMILY)!.id,
    reviewId: gb.mock!.runtime.db.changeRequestReviews.list()[0].id,
    documentId: (findPage(gb.mock!.runtime.db.revisions.get(gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!.revision)!.pages, gb.id('pages', 'welcome'))!.page).documentId,
  };
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`no value for {${name}}`);
    return params[name];
  });
}

/** Queries a read needs to answer 200. */
const REQUIRED_QUERY: Record<string, string> = {
  searchOrganizationContent: 'query=policy',
  searchSpaceContent: 'query=policy',
  getSiteRedirectBySource: 'source=/old-handbook/remote-work',
  // docs-site through its share link (KEY), and app URLs of the mock's own content.
  getPublishedContentByUrl: `url=${encodeURIComponent('https://acme.gitbook.io/SITE/KEY/welcome')}`,
  getContentByUrl: `url=${encodeURIComponent('https://app.gitbook.com/o/ORG/s/SPACE/policies')}`,
  getEmbedByUrl: `url=${encodeURIComponent('https://www.youtube.com/watch?v=dQw4w9WgXcQ')}`,
  getEmbedByUrlInSpace: `url=${encodeURIComponent('https://github.com/acme/handbook')}`,
  getGitHubRepoFileForGitSyncInstallation: 'path=README.md&ref=main',
  getGitLabProjectFileForGitSyncInstallation: 'path=README.md&ref=main',
  getOrganizationAIUsage: 'from=2025-12-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z',
};

const CR = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}';
const VARIANTS: [string, string][] = [
  [`${CR}/content/page/{pageId}`, 'format=document'],
  [`${CR}/content/page/{pageId}`, 'evaluated=true&metadata=false'],
  [`${CR}/content`, 'computed=false&metadata=false'],
  [`${CR}/content/pages`, 'computed=false'],
  ['/v1/spaces/{spaceId}/content/page/{pageId}', 'format=document'],
  ['/v1/spaces/{spaceId}/revisions/{revisionId}', 'metadata=false'],
  ['/v1/spaces/{spaceId}/comments', 'format=document'],
  ['/v1/spaces/{spaceId}/comments', 'format=markdown'],
  ['/v1/spaces/{spaceId}/comments/{commentId}/replies', 'format=document'],
];

describe('responses match our own response schemas', () => {
  let gitSyncInstallation = '';
  let gitlabInstallation = '';
  let gitlabProject = '';
  beforeAll(async () => {
    const git = await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/git/import', { url: 'https://github.com/acme/handbook', ref: 'refs/heads/main' });
    expect(git.status).toBe(204);
    const claim = (description: string) => ({ type: 'boolean', description });
    const jsonSchema = {
      type: 'object',
      properties: {
        isBetaUser: claim('Whether the visitor is in the beta'),
        unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: { fromPartner: claim('Came from a partner') }, additionalProperties: false },
      },
      additionalProperties: false,
    };
    // A Git Sync installation, for GET /v1/git/installations/{installationId} (PARAMS names an integration's).
    const gitSync = await t.call('admin', 'POST', '/v1/git/installations', { provider: 'github', target: { type: 'space', spaceId: gb.id('spaces', 'handbook') } });
    expect(gitSync.status).toBe(201);
    gitSyncInstallation = gitSync.body.id;
    // The starter's Acme API is synced with GitLab.
    gitlabInstallation = gb.id('gitSyncInstallations', 'api-docs-gitlab');
    gitlabProject = String((await t.call('admin', 'GET', `/v1/git/installations/${gitlabInstallation}/gitlab/projects`)).body.items[1].id);
    const review = await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/reviews', { status: 'approved' });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect((await t.call('admin', 'POST', '/v1/integrations/{integrations.docs-bot}/tasks', { task: { kind: 'check' } })).status).toBe(204);
    const adaptive = await t.call('admin', 'PUT', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/adaptive-schema', { jsonSchema });
    expect(adaptive.status, JSON.stringify(adaptive.body)).toBe(200);
  });

  const reads = operations.filter((o) => o.method === 'GET' && o.response);
  const cases = [
    ...reads.map((o) => [o.operationId, o.path, REQUIRED_QUERY[o.operationId] ?? '', o.response!] as const),
    ...VARIANTS.map(([path, query]) => {
      const o = reads.find((r) => r.path === path);
      if (!o) throw new Error(`no read operation at ${path}`);
      return [o.operationId, path, query, o.response!] as const;
    }),
  ];

  it.each(cases)('%s %s ?%s', async (id, path, query, response) => {
    if (path.startsWith('/v1/git/installations/')) {
      const gitlab = path.includes('/gitlab/');
      path = path
        .replace('{installationId}', gitlab ? gitlabInstallation : gitSyncInstallation)
        .replace('{accountName}', 'acme')
        .replace('{repositoryName}', 'employee-handbook')
        .replace('{projectId}', gitlabProject);
    }
    const q = query
      .replace('ORG', gb.id('organizations', 'acme'))
      .replace('SPACE', gb.id('spaces', 'handbook'))
      .replace('SITE', gb.id('sites', 'docs-site'))
      .replace('KEY', gb.manifest.shareKeys['partner-preview']);
    const res = await t.call('admin', 'GET', `${url(t, path)}${q ? `?${q}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const validate = gb.mock!.runtime.schemas.strictValidator(response);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
    if (officialResponseValidator(id, 200)) expectOfficial(id, 200, res.body);
  });
});
