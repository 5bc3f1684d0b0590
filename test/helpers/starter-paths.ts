/**
 * The path of an official operation on `starter` as a user fills it (issue 42's generated tests
 * over every GET and every write): each id from the manifest, or the first item of the official
 * list above it; a parameter of a kind the scenario holds no record of is said so.
 */
import { OFFICIAL_ROUTES } from '../../src/contract/official-routes.ts';
import type { GitBookMock } from '../../src/vitest/index.ts';
import type { Calls } from './calls.ts';

const GETS = OFFICIAL_ROUTES.filter(([, method]) => method === 'GET');

export function starterPaths(gb: GitBookMock, t: Calls) {
  /** A path parameter's id from the manifest; the rest come from the list above them. */
  function manifestValue(name: string, path: string): string | undefined {
    const id = (collection: string, key: string) => () => gb.id(collection, key);
    const underChangeRequest = path.includes('/change-requests/{changeRequestId}/');
    // Globex's guide is the starter's space synced with Git.
    const space = gb.id('spaces', path.includes('/git/') ? 'globex-guide' : 'handbook');
    // Globex's docs site is the starter's site with an adaptive schema.
    const globex = path.includes('/adaptive-schema');
    const table: Record<string, () => string> = {
      organizationId: id('organizations', globex ? 'globex' : 'acme'),
      siteId: id('sites', globex ? 'globex-docs' : 'docs-site'),
      spaceId: () => space,
      changeRequestId: id('changeRequests', 'handbook-draft'),
      revisionId: () => (gb.mock!.runtime.db.spaces.get(space) as { revision: string }).revision,
      pageId: id('pages', 'welcome'),
      pagePath: () => 'welcome',
      fileId: id('files', 'team-photo'),
      commentId: id('comments', underChangeRequest ? 'draft-review' : 'welcome-question'),
      commentReplyId: id('commentReplies', underChangeRequest ? 'draft-review-reply' : 'welcome-answer'),
      userId: id('users', 'editor'),
      teamId: id('teams', 'writers'),
      collectionId: id('collections', 'guides'),
      siteSpaceId: id('siteSpaces', 'handbook-site-space'),
      siteSectionId: id('siteSections', 'handbook-section'),
      shareLinkId: id('shareLinks', 'partner-preview'),
      samlProviderId: id('samlProviders', 'okta'),
      specSlug: () => 'petstore',
      translationId: id('translations', 'french'),
      reusableContentId: id('reusableContents', 'support-hours'),
      inviteId: id('inviteLinks', 'acme-readers'),
      siteRedirectId: id('siteRedirects', 'old-handbook'),
      siteMcpServerId: id('siteMcpServers', 'support-tools'),
      siteChannelId: id('siteChannels', 'support-slack'),
      integrationName: () => 'docs-bot',
      subdomain: () => 'acme',
      emailDomain: () => 'acme.test',
    };
    // Acme's API is the starter's space synced with GitLab.
    if (name === 'installationId' && path.includes('/gitlab/')) return gb.id('gitSyncInstallations', 'api-docs-gitlab');
    if (name === 'installationId') return path.startsWith('/v1/git/') ? gb.id('gitSyncInstallations', 'globex-guide-github') : gb.id('installations', 'docs-bot-acme');
    return table[name]?.();
  }

  /** The first item of the official list the path names above `{name}` (a repository's owner and name for Git providers). */
  async function fromListAbove(name: string, path: string, values: Record<string, string>): Promise<string | undefined> {
    const head = path.slice(0, path.indexOf(name === 'repositoryName' ? '/{accountName}' : `/{${name}}`));
    const list = GETS.find(([, , p]) => p === head);
    if (!list) return undefined;
    const res = await t.call('admin', 'GET', fill(list[2], values));
    const first = (res.body?.items ?? [])[0];
    if (!first) return undefined;
    if (name === 'accountName' || name === 'repositoryName') return first[name];
    return first.id === undefined ? undefined : String(first.id);
  }

  const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'unresolved'));

  /** Every parameter of `path`, left to right: a later one's list uses the earlier ones; `given` ones as given. */
  async function valuesFor(path: string, given: Record<string, string> = {}): Promise<Record<string, string> | string> {
    const values: Record<string, string> = {};
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      let value: string | undefined = given[name] ?? manifestValue(name, path);
      if (value === undefined && name === 'documentId') {
        const page = await t.call('admin', 'GET', fill('/v1/spaces/{spaceId}/content/page/{pageId}', { ...values, pageId: gb.id('pages', 'welcome') }));
        value = page.body?.documentId;
      }
      if (value === undefined && name === 'hostname') {
        const site = (await t.call('admin', 'GET', `/v1/orgs/${gb.id('organizations', 'globex')}/sites`)).body?.items?.find((s: { hostname?: string }) => s.hostname);
        value = site?.hostname;
      }
      value ??= await fromListAbove(name, path, values);
      if (value === undefined) return `no id for {${name}}: the scenario holds no record of its kind`;
      values[name] = value;
    }
    return values;
  }

  return { fill, valuesFor };
}
