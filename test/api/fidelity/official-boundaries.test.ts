/**
 * The official document is the gate: for every official operation the mock serves, the
 * boundary values its official query parameters and body allow (test/helpers/boundaries.ts,
 * built from the document in node_modules) are sent with the starter's ids in the path and in
 * the body's references, and none may be refused by the request schemas (a 400 of the gate)
 * or answer a 5xx. A write that succeeds is undone (a reset) before the next request, so every
 * request meets the scenario as loaded.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { routedOperations } from '../../../src/resources/index.ts';
import type { Operation } from '../../../src/contract/operation.ts';
import { OFFICIAL_ROUTES } from '../../../src/contract/official-routes.ts';
import { boundaryCases } from '../../helpers/boundaries.ts';
import { scenarioOptions } from '../../helpers/calls.ts';

/** The starter, its docs site given a section group holding a second section (so groups, and moves among sections, have ids). */
function starterWithGroup(): object {
  const starter = JSON.parse(readFileSync(new URL('../../../scenarios/starter.json', import.meta.url), 'utf8'));
  const site = starter.sites.find((s: { key: string }) => s.key === 'docs-site');
  site.sectionGroups = [{ key: 'api-group', title: 'API' }];
  site.sections.push({ key: 'api-section', title: 'API', path: 'api', group: 'api-group', siteSpaces: [{ key: 'api-site-space', space: 'api-docs', path: 'api' }] });
  return starter;
}

const gb = useGitBookMock(scenarioOptions('starter-with-group', starterWithGroup()));

const official = new Set<string>(OFFICIAL_ROUTES.map(([operationId]) => operationId));
const served = routedOperations.filter((row) => official.has(row.operationId));

/** A path parameter's value: an id of the manifest (a comment of the change request under one). */
function idFor(name: string, path: string): string {
  const underChangeRequest = path.includes('/change-requests/{changeRequestId}/');
  const space = gb.id('spaces', 'handbook');
  const ids: Record<string, () => string> = {
    spaceId: () => space,
    pageId: () => gb.id('pages', 'welcome'),
    revisionId: () => (gb.mock!.runtime.db.spaces.get(space) as { revision: string }).revision,
    fileId: () => gb.id('files', 'team-photo'),
    changeRequestId: () => gb.id('changeRequests', 'handbook-draft'),
    commentId: () => gb.id('comments', underChangeRequest ? 'draft-review' : 'welcome-question'),
    commentReplyId: () => gb.id('commentReplies', underChangeRequest ? 'draft-review-reply' : 'welcome-answer'),
    userId: () => gb.id('users', 'editor'),
    organizationId: () => gb.id('organizations', 'acme'),
    siteId: () => gb.id('sites', 'docs-site'),
    siteSectionId: () => gb.id('siteSections', 'handbook-section'),
    siteSectionGroupId: () => gb.id('siteSectionGroups', 'api-group'),
    siteSpaceId: () => gb.id('siteSpaces', 'handbook-site-space'),
    shareLinkId: () => gb.id('shareLinks', 'partner-preview'),
    teamId: () => gb.id('teams', 'writers'),
    samlProviderId: () => gb.id('samlProviders', 'okta'),
    specSlug: () => 'petstore',
    translationSettingsId: () => gb.id('translations', 'french'),
    translationId: () => gb.id('translations', 'french'),
    inviteId: () => gb.id('inviteLinks', 'acme-readers'),
    siteRedirectId: () => gb.id('siteRedirects', 'old-handbook'),
    collectionId: () => gb.id('collections', 'guides'),
    siteMcpServerId: () => gb.id('siteMcpServers', 'support-tools'),
    siteChannelId: () => gb.id('siteChannels', 'support-slack'),
    integrationName: () => 'docs-bot',
    installationId: () => gb.id('installations', 'docs-bot-acme'),
    fontId: () => gb.id('customFonts', 'acme-sans'),
    glossaryEntryId: () => gb.id('officialRecords', 'glossary-handbook'),
    importRunId: () => gb.id('officialRecords', 'website-import'),
    subdomain: () => 'acme',
    emailDomain: () => 'acme.test',
  };
  return encodeURIComponent(ids[name]?.() ?? 'sample');
}

/**
 * Ids for the body fields that name a record (test/helpers/boundaries.ts, References): other
 * records than the path's, so that a move names a neighbour, not the item itself.
 */
function references(path: string): Record<string, string> {
  const space = gb.id('spaces', 'handbook');
  const user = gb.id('users', 'reviewer');
  const section = gb.id('siteSections', 'api-section');
  const siteSpace = gb.id('siteSpaces', path.includes('/move') ? 'api-site-space' : 'handbook-site-space');
  const group = gb.id('siteSectionGroups', 'api-group');
  return {
    page: gb.id('pages', 'welcome'),
    pageId: gb.id('pages', 'welcome'),
    space: path.includes('/move') ? gb.id('spaces', 'api-docs') : space,
    spaceId: space,
    spaces: space,
    siteId: gb.id('sites', 'docs-site'),
    users: user,
    user,
    members: user,
    add: user,
    remove: gb.id('users', 'editor'),
    teams: gb.id('teams', 'writers'),
    defaultTeam: gb.id('teams', 'writers'),
    defaultSiteSection: section,
    siteSectionId: section,
    siteSection: section,
    sectionId: section,
    sections: section,
    siteSectionGroupId: group,
    defaultSiteSpace: siteSpace,
    siteSpaceId: siteSpace,
    siteSpace,
    collection: gb.id('collections', 'guides'),
    // A section group's or an external link's parent is a group; a space's or a collection's a collection.
    parent: path.includes('/sites/') ? group : gb.id('collections', 'guides'),
  };
}

/** The Git Sync installations' paths: the scenario format has none, so one is installed on a space for each request. */
const GIT_SYNC = '/v1/git/installations/{installationId}';

async function gitSyncInstallation(): Promise<string> {
  const body = JSON.stringify({ provider: 'github', target: { type: 'space', spaceId: gb.id('spaces', 'handbook') } });
  const res = await gb.fetch('/v1/git/installations', { method: 'POST', headers: { authorization: `Bearer ${gb.manifest.tokens.admin}`, 'content-type': 'application/json' }, body });
  return ((await res.json()) as { id: string }).id;
}

/**
 * Whether the row's own request schemas (the registrar's gate: contract/validators.ts) accept
 * the request: a 400 they do not cause is a rule of the state (a move the scenario cannot
 * make, a made-up reference), which the service has too.
 */
function gateAccepts(row: Operation, query: Record<string, string>, body: unknown): boolean {
  const schemas = gb.mock!.runtime.schemas;
  if (row.query && !schemas.coercingValidator(row.query)({ ...query })) return false;
  return !row.body || Boolean(schemas.bodyValidator(row.body)(structuredClone(body ?? {})));
}

it('refuses no request the official document accepts: no 400 of the request schemas, no 5xx', { timeout: 120_000 }, async () => {
  const token = gb.manifest.tokens.admin;
  const refused: string[] = [];
  let sent = 0;
  let answered = 0;
  for (const row of served) {
    const refs = references(row.path);
    for (const c of boundaryCases(row.operationId, refs)) {
      const made = row.path.startsWith(GIT_SYNC) ? await gitSyncInstallation() : undefined;
      const path = row.path.replace(/\{(\w+)\}/g, (_, name: string) => (made && name === 'installationId' ? made : idFor(name, row.path)));
      const query = new URLSearchParams(c.query).toString();
      const init: RequestInit = { method: row.method, headers: { authorization: `Bearer ${token}` } };
      if (c.body !== undefined) {
        init.body = JSON.stringify(c.body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await gb.fetch(`${path}${query ? `?${query}` : ''}`, init);
      const text = await res.text();
      sent++;
      if (res.status < 400) answered++;
      if (res.status >= 500 || (res.status === 400 && !gateAccepts(row, c.query, c.body))) refused.push(`${row.operationId} ${c.what}: ${res.status} ${text.slice(0, 160)}`);
      if ((res.status < 400 && row.method !== 'GET') || made) await gb.reset();
    }
  }
  expect(refused).toEqual([]);
  // The cases reached every operation, most of them beyond the request the document requires, and most were answered.
  expect(sent).toBeGreaterThan(served.length * 3);
  expect(answered).toBeGreaterThan(sent / 2);
});
