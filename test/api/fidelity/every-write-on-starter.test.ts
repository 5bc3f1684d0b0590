/**
 * Every official writing operation (POST, PUT, PATCH, DELETE) on a fresh `starter`, as a user of
 * the service meets it (issue 42, "for every writing operation: write, then read what the
 * service would show changed"): a body the official document accepts (a family's example, else
 * one built from the official body schema) is sent as the organization's admin; the answer must
 * be 2xx, fit the official response schema and name only what the state (after the write) or
 * the request holds; then the read the service would show the write in must name only what
 * they hold too (a record written with an empty `connection` is caught there) and reflect it:
 *
 * - a create's new id reads back by its get (or shows in the list it was made in);
 * - a delete's record reads 404 (or is gone from its list);
 * - a change, or an action on a record (`.../publish`), reads back through the get of that
 *   record: the same object where the write answered it, else each field the body set (a list
 *   of plain values whole); a change to a record with no get of its own, through its list.
 *
 * The read is written in READS where the routes cannot tell it, else found from the official
 * routes alone (readOf); a write none of them reads is in NO_READ with why. A write that needs
 * something done first (a permission given before it is changed, a style guide before its run)
 * has it done in SETUP; one the admin cannot make (joining with an invite) is made by CALLERS.
 * Operations that do not pass yet are in KNOWN with the reason. Both lists only shrink: an
 * operation of them that passes, or is read after all, fails the test until taken out.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { OFFICIAL_ROUTES } from '../../../src/contract/official-routes.ts';
import { routedOperations } from '../../../src/resources/index.ts';
import { FAMILIES } from '../../../src/resources/families/index.ts';
import { expectOfficial, officialResponseValidator } from '../../helpers/official.ts';
import { callsOn, type CallResult } from '../../helpers/calls.ts';
import { bodyFor, defs, queryFor } from '../generic/generic-helpers.ts';
import { problemsIn, stateIndex } from '../../helpers/truthful.ts';
import { starterPaths } from '../../helpers/starter-paths.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
const { fill, valuesFor } = starterPaths(gb, t);

const WRITES = OFFICIAL_ROUTES.filter(([, method]) => method !== 'GET');
const GETS = new Map<string, string>(OFFICIAL_ROUTES.filter(([, method]) => method === 'GET').map(([operationId, , path]) => [path, operationId]));
const rowOf = (operationId: string) => routedOperations.find((r) => r.operationId === operationId);

/** The families' own examples: bodies a user would send, where the schema walker's would name nothing real. */
const EXAMPLES = new Map<string, unknown>(FAMILIES.flatMap((f) => [[f.operations.create, f.example.create], [f.operations.update, f.example.update]] as [string | undefined, unknown][]).filter((e): e is [string, unknown] => e[0] !== undefined));

/** Bodies written for an operation whose walked body names records the state does not hold (the service refuses it, rightly). */
const BODIES: Record<string, () => unknown> = {
  inviteToSpace: () => ({ role: 'edit', teams: [gb.id('teams', 'writers')] }),
  inviteToCollection: () => ({ role: 'edit', teams: [gb.id('teams', 'writers')] }),
  inviteToSite: () => ({ role: 'edit', teams: [gb.id('teams', 'writers')] }),
  // Acme's guides go into the collection made first.
  moveCollection: () => ({ parent: made.collection }),
  transferCollection: () => ({ organization: gb.id('organizations', 'globex') }),
  publishIntegration: () => ({
    runtime: 'v2',
    organization: gb.id('organizations', 'acme'),
    title: 'Docs bot',
    description: 'Hears every change to the handbook',
    scopes: ['space:content:read'],
    blocks: [{ id: 'page-status', title: 'Page status', description: 'Who last reviewed the page' }],
    script: 'export default {};',
  }),
  installIntegration: () => ({ organization: gb.id('organizations', 'globex') }),
  renderIntegrationUIWithPost: () => ({ componentId: 'page-status', props: {}, context: { type: 'document', spaceId: gb.id('spaces', 'handbook'), editable: false, theme: 'light' } }),
  installIntegrationOnSpace: () => ({ space: gb.id('spaces', 'api-docs') }),
  installIntegrationOnSite: () => ({ siteId: gb.id('sites', 'docs-site') }),
  createTranslation: () => ({ source: { space: gb.id('spaces', 'api-docs'), language: 'en' }, language: 'de' }),
  startImportRun: () => ({ source: { type: 'website', url: 'https://www.acme.test/careers' }, target: { space: gb.id('spaces', 'handbook') } }),
  addSpaceToSite: () => ({ spaceId: gb.id('spaces', 'api-docs') }),
  addSectionToSite: () => ({ spaceId: gb.id('spaces', 'api-docs') }),
  installGitSyncProviderOnTarget: () => ({ provider: 'github', target: { type: 'space', spaceId: gb.id('spaces', 'handbook') } }),
  resolvePublishedContentByUrl: () => ({ url: 'https://docs.globex.test/getting-started' }),
  requestReviewersForChangeRequest: () => ({ users: [gb.id('users', 'creator')] }),
  updateIntegrationSpaceInstallation: () => ({ externalIds: ['acme-handbook'] }),
  updateIntegrationSiteInstallation: () => ({ externalIds: ['acme-docs'] }),
  updateMembersInOrganizationTeam: () => ({ add: [gb.id('users', 'reader')] }),
  inviteUsersToOrganization: () => ({ emails: ['nia@acme.test'], role: 'read' }),
  updateGlossaryEntries: () => ({ operations: [{ type: 'insert', translations: { en: 'per diem', fr: 'indemnité journalière' } }] }),
  updateSiteShareLinkById: () => ({ name: 'Partner preview 2026' }),
  updateSiteSectionById: () => ({ title: 'Company handbook' }),
  updateSiteSectionGroupById: () => ({ title: 'For developers' }),
  updateSiteSpaceById: () => ({ path: 'employee-handbook' }),
  updateSiteRedirectById: () => ({ permanent: false }),
  overrideSiteSpaceCustomizationById: () => ({ title: 'Partner handbook' }),
  upsertSiteContextRecords: () => [{ id: 'laptop-stipend', type: 'ticket', title: 'Laptop stipend for new hires', body: 'How much may I spend on a laptop?' }],
  bulkUpsertSiteRedirects: () => ({ redirects: [{ source: '/careers', destination: { kind: 'external', url: 'https://www.acme.test/careers' } }] }),
  updateSiteAdsById: () => ({ status: 'in-review', topic: 'webdev' }),
  // The section made first (the API docs) goes before the handbook.
  moveSiteSection: () => ({ position: { before: { type: 'site-section', siteSection: gb.id('siteSections', 'handbook-section') } } }),
  moveSiteSectionGroup: () => ({ position: { before: { type: 'site-section', id: gb.id('siteSections', 'handbook-section') } } }),
  // A style guide run over the handbook.
  createSiteStyleguideRun: () => ({ spaces: [gb.id('spaces', 'handbook')] }),
  // The API docs' pages, as a template, added to the handbook.
  applyTemplateToSpace: () => ({ id: gb.id('spaces', 'api-docs') }),
  // The draft's remote work page renamed.
  updateChangeRequestContent: () => ({ changes: [{ operation: 'update_page', page: gb.id('pages', 'remote-work'), title: 'Remote work and travel' }] }),
  // The handbook section moved after the group made first.
  sortSiteStructure: () => ({
    item: { type: 'site-section', id: gb.id('siteSections', 'handbook-section') },
    position: { after: { type: 'site-section-group', id: made.group } },
  }),
  // The role is optional: a body without it changes nothing.
  ...Object.fromEntries(['Space', 'Collection', 'Site'].flatMap((where) => ['Team', 'User'].map((who) => [`update${who}PermissionIn${where}`, () => ({ role: 'edit' })]))),
};

/** Who makes the write, where the organization's admin cannot: someone outside joins with an invite link. */
const CALLERS: Record<string, string> = { joinOrganizationWithInvite: 'outsider' };

/** What the setup of a write made, for its body to name (fresh for each write). */
let made: Record<string, string> = {};
const SITE_AT = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';
/** What `starter`'s site has one of, or none: a section group, a second section (the API docs), an external link. */
const madeGroup = async () => (await t.call('admin', 'POST', `${SITE_AT}/section-groups`, { title: 'Developers', icon: 'code' })).body.id as string;
const madeSection = async () => (await t.call('admin', 'POST', `${SITE_AT}/sections`, { spaceId: gb.id('spaces', 'api-docs') })).body.id as string;
const madeLink = async () => (await t.call('admin', 'POST', `${SITE_AT}/external-links`, { title: 'Careers', url: 'https://www.acme.test/careers' })).body.id as string;

/**
 * Path ids other than the starter's usual ones, where the operation is about them: a user changes
 * their own profile, cancels the import they just started; a record the starter holds none of is
 * made first.
 */
const PATHS: Record<string, Record<string, () => string | Promise<string>>> = {
  updateUserById: { userId: () => gb.id('users', 'admin') },
  // A reader joins the writers.
  addMemberToOrganizationTeamById: { userId: () => gb.id('users', 'reader') },
  ...Object.fromEntries(['updateSiteSectionGroupById', 'deleteSiteSectionGroupById', 'moveSiteSectionGroup'].map((id) => [id, { siteSectionGroupId: madeGroup }])),
  ...Object.fromEntries(['updateSiteExternalLinkById', 'deleteSiteExternalLinkById'].map((id) => [id, { siteExternalLinkId: madeLink }])),
  moveSiteSection: { siteSectionId: madeSection },
  cancelImportRun: {
    importRunId: async () => (await t.call('admin', 'POST', '/v1/org/{organizations.acme}/imports', BODIES.startImportRun())).body.id,
  },
};

/** What a write needs done first, as a user would have done it (a permission to change must have been given). */
const SETUP: Record<string, () => Promise<unknown>> = {};
const SPACE = '/v1/spaces/{spaces.handbook}/permissions';
const COLLECTION = '/v1/collections/{collections.guides}/permissions';
const SITE = `${SITE_AT}/permissions`;
for (const [where, path] of [['Space', SPACE], ['Collection', COLLECTION], ['Site', SITE]] as const) {
  const team = () => t.call('admin', 'POST', path, { role: 'read', teams: [gb.id('teams', 'writers')] });
  const user = () => t.call('admin', 'POST', path, { role: 'read', users: [gb.id('users', 'editor')] });
  Object.assign(SETUP, { [`updateTeamPermissionIn${where}`]: team, [`updateUserPermissionIn${where}`]: user });
}
Object.assign(SETUP, {
  removeTeamFromSpace: SETUP.updateTeamPermissionInSpace,
  removeUserFromSpace: SETUP.updateUserPermissionInSpace,
  removeTeamFromCollection: SETUP.updateTeamPermissionInCollection,
  removeUserFromCollection: SETUP.updateUserPermissionInCollection,
  removeTeamFromSite: SETUP.updateTeamPermissionInSite,
  removeUserFromSite: SETUP.updateUserPermissionInSite,
  restoreSpace: () => t.call('admin', 'DELETE', '/v1/spaces/{spaces.handbook}'),
  moveCollection: async () => (made.collection = (await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/collections', { title: 'Company' })).body.id),
  sortSiteStructure: async () => (made.group = await madeGroup()),
  // A section keeps one site space: the handbook's is deleted once it has a copy beside it.
  deleteSiteSpaceById: () => t.call('admin', 'POST', `${SITE_AT}/site-spaces/{siteSpaces.handbook-site-space}/duplicate`),
  moveSiteSpace: () => t.call('admin', 'POST', `${SITE_AT}/site-spaces/{siteSpaces.handbook-site-space}/duplicate`),
  // An integration is installed on a site it was taken off.
  installIntegrationOnSite: () => t.call('admin', 'DELETE', '/v1/integrations/docs-bot/installations/{installations.docs-bot-acme}/sites/{sites.docs-site}'),
  createSiteStyleguideRun: () => t.call('admin', 'POST', `${SITE_AT}/styleguide`),
  // GitBook answers a site's request for ads.
  adsUpdateSite: () => t.call('admin', 'POST', `${SITE_AT}/ads`, { status: 'in-review', topic: 'webdev' }),
  // The override removed was made first.
  deleteSiteSpaceCustomizationById: () => t.call('admin', 'PATCH', `${SITE_AT}/site-spaces/{siteSpaces.handbook-site-space}/customization`, { title: 'Partner handbook' }),
});

/**
 * Reads written for a write whose read the routes do not give (the answer names nothing to
 * compare): the GET that shows it, and what it must show.
 */
type Shows = { url: string; shows: (read: any) => string | undefined };
const SITE_READ = '/v1/orgs/{organizationId}/sites/{siteId}';
/** The ids of a site's structure, in order, each with the ids it holds (a group's sections, a section's site spaces). */
const structureIds = (structure: any): string[] =>
  (structure.structure ?? []).flatMap((item: any) => [item.id, ...(item.children ?? item.sections ?? []).flatMap((s: any) => [s.id, ...(s.siteSpaces ?? []).map((ss: any) => ss.id)]), ...(item.siteSpaces ?? []).map((ss: any) => ss.id)]);
/** `first` comes before `second` in the structure. */
const before = (first: string, second: string) => (structure: any) => {
  const ids = structureIds(structure);
  return ids.includes(first) && ids.indexOf(first) < ids.indexOf(second) ? undefined : `the structure reads ${ids.join(', ')}: ${first} is not before ${second}`;
};
/** The list holds an item that `test` finds. */
const lists = (what: string, test: (item: any) => boolean) => (list: any) => (list.items?.some(test) ? undefined : `${what} is not listed`);

const READS: Record<string, (values: Record<string, string>, body: any, answer: any) => Shows | Promise<Shows>> = {
  mergeChangeRequest: (v) => ({ url: fill('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', v), shows: (cr) => (cr.status === 'merged' ? undefined : `status ${cr.status}, not merged`) }),
  deleteSpaceById: (v) => ({ url: fill('/v1/spaces/{spaceId}', v), shows: (space) => (typeof space.deletedAt === 'string' ? undefined : 'no deletedAt: the space is not in the trash') }),
  restoreSpace: (v) => ({ url: fill('/v1/spaces/{spaceId}', v), shows: (space) => (space.deletedAt === undefined ? undefined : `still deleted at ${space.deletedAt}`) }),
  applyTemplateToSpace: (v) => ({
    url: fill('/v1/spaces/{spaceId}/content/pages', v),
    shows: (list) => (JSON.stringify(list).includes('"title":"Authentication"') ? undefined : "the API docs' Authentication page is not among the handbook's pages"),
  }),
  updateChangeRequestContent: (v, body) => ({
    url: fill(`/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/${gb.id('pages', 'remote-work')}`, v),
    shows: (page) => (page.title === body.changes[0].title ? undefined : `the page is titled ${JSON.stringify(page.title)}`),
  }),
  duplicateSpace: (_v, _b, space) => ({ url: `/v1/spaces/${space.id}`, shows: (copy) => (copy.title === space.title ? undefined : `the copy is titled ${JSON.stringify(copy.title)}`) }),
  duplicateSiteSpace: (v, _b, copy) => ({ url: fill(`${SITE_READ}/site-spaces`, v), shows: lists(`the copy ${copy.id}`, (ss) => ss.id === copy.id && ss.space?.id === copy.space.id) }),
  updateChangeRequest: (v, _b, update) => ({
    url: fill('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', v),
    shows: (cr) => (cr.revision === update.revision ? undefined : `the change request is on revision ${cr.revision}, not ${update.revision}`),
  }),
  requestReviewersForChangeRequest: (v, body) => ({
    url: fill('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', v),
    shows: lists(`reviewer ${body.users[0]}`, (r) => r.user?.id === body.users[0]),
  }),
  installIntegrationOnSpace: (v, body) => ({
    url: fill(`/v1/integrations/{integrationName}/installations/{installationId}/spaces/${body.space}`, v),
    shows: (i) => (i.status === 'active' ? undefined : `the space's installation is ${i.status}`),
  }),
  installIntegrationOnSite: (v, body) => ({
    url: fill(`/v1/integrations/{integrationName}/installations/{installationId}/sites/${body.siteId}`, v),
    shows: (i) => (i.status === 'active' ? undefined : `the site's installation is ${i.status}`),
  }),
  createOrganizationTeam: (v, body, team) => ({ url: fill(`/v1/orgs/{organizationId}/teams/${team.id}`, v), shows: (got) => (got.title === body.title ? undefined : `the team is titled ${JSON.stringify(got.title)}`) }),
  ...Object.fromEntries(
    ['updateMembersInOrganizationTeam', 'addMemberToOrganizationTeamById'].map((id) => [
      id,
      (v: Record<string, string>) => ({ url: fill('/v1/orgs/{organizationId}/teams/{teamId}/members', v), shows: lists('the reader', (m) => m.organization?.user?.id === gb.id('users', 'reader')) }),
    ]),
  ),
  inviteUsersToOrganization: (v, body, invited) => ({
    url: fill(`/v1/orgs/{organizationId}/members/${invited.users?.[0]}`, v),
    shows: (m) => (m.user?.email === body.emails[0] && m.role === body.role ? undefined : `the invited member reads ${m.user?.email} as ${m.role}`),
  }),
  joinOrganizationWithInvite: (v) => ({ url: fill(`/v1/orgs/{organizationId}/members/${gb.id('users', 'outsider')}`, v), shows: (m) => (m.role === 'read' ? undefined : `the outsider joined as ${m.role}`) }),
  updateOrganizationMemberLastSeenAt: async (v) => {
    const now = (await t.admin('GET', '/__admin/clock')).body.now;
    return { url: fill(`/v1/orgs/{organizationId}/members/${gb.id('users', 'admin')}`, v), shows: (m) => (m.lastSeenAt === now ? undefined : `the admin was last seen at ${m.lastSeenAt}, not ${now}`) };
  },
  updateGlossaryEntries: (v, body) => ({
    url: fill('/v1/orgs/{organizationId}/translations-glossary', v),
    shows: lists('the new entry', (e) => JSON.stringify(e.translations) === JSON.stringify(body.operations[0].translations)),
  }),
  createCustomFont: (v, body, font) => ({ url: fill(`/v1/orgs/{organizationId}/fonts/${font.id}`, v), shows: (got) => (got.fontFamily === body.fontFamily ? undefined : `the font is ${JSON.stringify(got.fontFamily)}`) }),
  upsertSiteContextRecords: (v, body) => ({ url: fill(`${SITE_READ}/context-records/${body[0].id}`, v), shows: (r) => (r.title === body[0].title ? undefined : `the record is titled ${JSON.stringify(r.title)}`) }),
  bulkUpsertSiteRedirects: (v, body) => ({ url: fill(`${SITE_READ}/redirects`, v), shows: lists(`a redirect from ${body.redirects[0].source}`, (r) => r.source === body.redirects[0].source && r.destination?.url === body.redirects[0].destination.url) }),
  createSiteStyleguideById: (v, _b, space) => ({
    url: fill('/v1/orgs/{organizationId}/styleguides', v),
    shows: (got) => (got.styleguides?.some((g: any) => g.space?.id === space.id && g.sites?.some((s: any) => s.id === v.siteId)) ? undefined : `the style guide ${space.id} of the site is not listed`),
  }),
  createSiteStyleguideRun: (v, _b, started) => ({ url: fill(`${SITE_READ}/styleguide/runs`, v), shows: lists(`the run ${started.run?.id}`, (r) => r.id === started.run?.id) }),
  updateSiteAdsById: (v, body) => ({ url: fill(SITE_READ, v), shows: (site) => (site.ads?.status === body.status && site.ads?.topic === body.topic ? undefined : `the site's ads read ${JSON.stringify(site.ads)}`) }),
  adsUpdateSite: (v, body) => ({ url: fill(SITE_READ, { ...v, organizationId: gb.id('organizations', 'acme') }), shows: (site) => (site.ads?.status === body.status ? undefined : `the site's ads read ${JSON.stringify(site.ads)}`) }),
  addExternalLinkToSite: (v, _b, link) => ({ url: fill(`${SITE_READ}/structure`, v), shows: (st) => (structureIds(st).includes(link.id) ? undefined : `the structure does not hold ${link.id}`) }),
  updateSiteExternalLinkById: (v, body) => ({
    url: fill(`${SITE_READ}/structure`, v),
    shows: (st) => (st.structure?.some((i: any) => i.id === v.siteExternalLinkId && i.title === body.title && i.draft === body.draft) ? undefined : `the structure does not show ${v.siteExternalLinkId} as written`),
  }),
  deleteSiteExternalLinkById: (v) => ({ url: fill(`${SITE_READ}/structure`, v), shows: (st) => (structureIds(st).includes(v.siteExternalLinkId) ? `the structure still holds ${v.siteExternalLinkId}` : undefined) }),
  sortSiteStructure: (v, body) => ({ url: fill(`${SITE_READ}/structure`, v), shows: before(body.position.after.id, body.item.id) }),
  moveSiteSection: (v, body) => ({ url: fill(`${SITE_READ}/structure`, v), shows: before(v.siteSectionId, body.position.before.siteSection) }),
  moveSiteSectionGroup: (v, body) => ({ url: fill(`${SITE_READ}/structure`, v), shows: before(v.siteSectionGroupId, body.position.before.id) }),
  // Without a position the site space goes to the end of its section, after the copy made first.
  moveSiteSpace: (v) => ({
    url: fill(`${SITE_READ}/structure`, v),
    shows: (st) => {
      const section = st.structure?.find((i: any) => i.siteSpaces?.some((ss: any) => ss.id === v.siteSpaceId));
      const ids = (section?.siteSpaces ?? []).map((ss: any) => ss.id);
      return ids.length === 2 && ids[1] === v.siteSpaceId ? undefined : `its section holds ${ids.join(', ')}`;
    },
  }),
  deleteSiteTopicFindings: (v) => ({ url: fill(`${SITE_READ}/findings`, v), shows: (list) => (list.items?.some((f: any) => f.topic === v.siteTopicId) ? `findings of topic ${v.siteTopicId} are still listed` : undefined) }),
  // The new key is the one the publishing auth reads from then on.
  regenerateSitePublishingAuthById: (v, _b, auth) => ({
    url: fill(`${SITE_READ}/publishing/auth`, v),
    shows: (got) => (got.privateKey === auth.privateKey ? undefined : 'the publishing auth reads another private key than the one regenerated'),
  }),
  // Without its override the site space shows the site's own settings, never updated.
  deleteSiteSpaceCustomizationById: (v) => ({
    url: fill('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization', v),
    shows: (c) => (c.updatedAt === undefined && c.title !== 'Partner handbook' ? undefined : `still overridden: title ${JSON.stringify(c.title)}, updated at ${c.updatedAt}`),
  }),
  ...Object.fromEntries(
    [['inviteToSpace', '/v1/spaces/{spaceId}/permissions/teams'], ['inviteToCollection', '/v1/collections/{collectionId}/permissions/teams'], ['inviteToSite', '/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams']].map(([id, path]) => [
      id,
      (v: Record<string, string>) => ({
        url: fill(path, v),
        shows: (list: any) => (list.items?.some((p: any) => p.team?.id === gb.id('teams', 'writers') && p.permission === 'edit') ? undefined : 'the writers team is not listed with the edit role'),
      }),
    ]),
  ),
  // A changed permission shows in its list, with the role the body set.
  ...Object.fromEntries(
    (['Space', 'Collection', 'Site'] as const).flatMap((where) =>
      (['Team', 'User'] as const).map((who) => [
        `update${who}PermissionIn${where}`,
        (v: Record<string, string>, body: { role?: string }) => {
          const path = OFFICIAL_ROUTES.find(([id]) => id === `update${who}PermissionIn${where}`)![2].replace(/\/\{\w+\}$/, '');
          const id = who === 'Team' ? v.teamId : v.userId;
          return {
            url: fill(path, v),
            shows: (list: any) => {
              const item = list.items?.find((p: any) => (p.team ?? p.user)?.id === id);
              return item?.permission === body.role ? undefined : `${id} is listed with ${JSON.stringify(item?.permission)}, the body set ${JSON.stringify(body.role)}`;
            },
          };
        },
      ]),
    ),
  ),
};

const because = (reason: string, ids: string[]) => Object.fromEntries(ids.map((id) => [id, reason]));

/** Writes no official GET shows, and why: each keeps nothing a GET reads, or what it keeps shows elsewhere. */
const NO_READ: Record<string, string> = {
  ...because('computes an answer and keeps nothing (a read sent as POST)', [
    'getComputedDocument', 'getComputedRevision', 'askInOrganization', 'searchSiteContent', 'streamAskInSite', 'streamAIResponseInSite',
    'aggregateSiteEvents', 'prewarmSiteSearch', 'testSiteContextConnection', 'renderIntegrationUIWithPost', 'resolvePublishedContentByUrl',
  ]),
  ...because('gives a credential or a URL: its read is a call made with it, not a GET', ['createUserNotificationsToken', 'createIntegrationInstallationToken', 'generateStorageUploadURL']),
  ...because('what it sends or records shows elsewhere (the events sent, the insights, the Git side), which no official GET reads', [
    'importGitRepository', 'exportToGitRepository', 'queueIntegrationTask', 'trackEventsInSiteById', 'submitSiteAgentFeedback', 'submitAgentFeedbackToSite',
    'dnsRevalidateCustomHostname', 'runTranslation', 'setIntegrationDevelopmentMode', 'disableIntegrationDevelopmentMode',
  ]),
  triggerChangeRequestsForSiteFinding: "starts GitBook's AI on the finding, which opens the change request; the mock runs no AI, so nothing is opened",
  applyTemplateToSite: "keeps nothing: the mock does not model the default template's content (docs/behaviour.md)",
  provisionOrganizationAgentConversation: 'readies a conversation and keeps nothing: the official document records one at its first message, which no API call sends',
  syncSiteContextConnection: "starts a sync of the connection's source, which the mock does not reach: it brings nothing new (docs/behaviour.md)",
  joinOrganization: "every starter user whose e-mail domain lets them join an organization is a member of it already: the join changes nothing",
};

/** Writes that do not pass yet, and why. */
const KNOWN: Record<string, string> = {
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a read of the write is: a path to GET and what it must show. */
interface Read {
  url: string;
  expect: 'gone' | 'listed' | 'absent' | 'same' | 'item';
  id?: string;
}

/** The official GET that shows the write, from the routes alone; undefined when none does. */
function readOf(method: string, path: string, values: Record<string, string>, answer: unknown): Read | undefined {
  const id = isObject(answer) && typeof answer.id === 'string' ? answer.id : undefined;
  if (method === 'DELETE') {
    if (GETS.has(path)) return { url: fill(path, values), expect: 'gone' };
    const list = path.replace(/\/\{(\w+)\}$/, '');
    const param = /\/\{(\w+)\}$/.exec(path)?.[1];
    if (param && GETS.has(list)) return { url: fill(list, values), expect: 'absent', id: values[param] };
  }
  if (method === 'POST' && id !== undefined && !path.endsWith('}')) {
    const item = [...GETS.keys()].find((p) => p.startsWith(`${path}/{`) && /^\/\{\w+\}$/.test(p.slice(path.length)));
    // An item named by its slug (an OpenAPI spec) reads by the slug the answer holds.
    const param = item && /\{(\w+)\}$/.exec(item)![1];
    const key = param === 'specSlug' && isObject(answer) && typeof answer.slug === 'string' ? answer.slug : id;
    if (item && param) return { url: fill(item, { ...values, [param]: key }), expect: 'same', id };
    if (GETS.has(path)) return { url: fill(path, values), expect: 'listed', id };
  }
  if (method !== 'DELETE' && GETS.has(path)) return { url: fill(path, values), expect: 'same', id };
  // A change to a record that has no get of its own reads back as its list shows it.
  const listed = /^(.*)\/\{(\w+)\}$/.exec(path);
  if (method !== 'DELETE' && listed && GETS.has(listed[1])) return { url: fill(listed[1], values), expect: 'item', id: values[listed[2]] };
  // An action on a record (`.../publish`, `.../move`): the record's get, up to its last parameter,
  // unless the write made something else (an answer with an id of its own).
  const record = path.replace(/(\/[^/{}]+)+$/, '');
  const madeElse = id !== undefined && !Object.values(values).includes(id);
  if (record !== path && record.endsWith('}') && GETS.has(record) && !madeElse) return { url: fill(record, values), expect: 'same', id };
  return undefined;
}

/** The read names nothing the write set or answered: it cannot tell whether the write was kept, so the write counts as unread. */
const NOTHING_SHOWN = 'nothing to compare';

/** What the read shows against the write: empty when it reflects it. */
function differences(read: Read, got: CallResult, body: unknown, answer: unknown): string[] {
  if (read.expect === 'gone') return got.status === 404 ? [] : [`GET ${read.url} after the delete: ${got.status}, not 404`];
  if (got.status < 200 || got.status >= 300) return [`GET ${read.url}: ${got.status} ${JSON.stringify(got.body).slice(0, 200)}`];
  const items: Json[] = isObject(got.body) && Array.isArray(got.body.items) ? got.body.items : [];
  if (read.expect === 'absent') return items.some((i) => i.id === read.id) ? [`GET ${read.url} still lists ${read.id}`] : [];
  if (read.expect === 'listed') return items.some((i) => i.id === read.id) ? [] : [`GET ${read.url} does not list ${read.id}`];
  if (read.expect === 'item' && !items.some((i) => i.id === read.id)) return [`GET ${read.url} does not list ${read.id}`];
  const shown = read.expect === 'item' ? items.find((i) => i.id === read.id) : got.body;
  if (!isObject(shown)) return [`GET ${read.url}: no object`];
  const out: string[] = [];
  if (read.expect === 'same' && isObject(answer) && read.id !== undefined && shown.id === read.id) {
    for (const key of new Set([...Object.keys(answer), ...Object.keys(shown)])) {
      if (JSON.stringify(answer[key]) !== JSON.stringify(shown[key])) out.push(`${key}: the write answered ${JSON.stringify(answer[key])?.slice(0, 80)}, the read shows ${JSON.stringify(shown[key])?.slice(0, 80)}`);
    }
    return out;
  }
  // Each value the body set, at any depth of its objects, that the read shows at the same place.
  let compared = 0;
  const compare = (set: unknown, read: Json, at: string) => {
    if (!isObject(set)) return;
    for (const [key, value] of Object.entries(set)) {
      if (!(key in read)) continue;
      if (isObject(value) && isObject(read[key])) compare(value, read[key] as Json, `${at}${key}.`);
      // A list of plain values (ids, names) reads back whole.
      if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
        compared += 1;
        if (JSON.stringify(read[key]) !== JSON.stringify(value)) out.push(`${at}${key}: the body set ${JSON.stringify(value)}, the read shows ${JSON.stringify(read[key])}`);
      }
      if (value === null || typeof value === 'object') continue;
      compared += 1;
      if (read[key] !== value) out.push(`${at}${key}: the body set ${JSON.stringify(value)}, the read shows ${JSON.stringify(read[key])}`);
    }
  };
  compare(body, shown, '');
  return compared === 0 ? [NOTHING_SHOWN] : out;
}

/** Every string of a value (a request body's), which an answer may name back. */
function stringsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (isObject(value)) for (const v of Object.values(value)) stringsOf(v, into);
  return into;
}

interface Outcome {
  problems: string[];
  read: boolean;
  /** What a read found that does not show the write (for WRITE_REPORT). */
  shown?: string[];
}

const isJson = (res: CallResult) => (res.headers.get('content-type') ?? '').includes('application/json');

async function tryWrite(operationId: string, method: string, path: string): Promise<Outcome> {
  await t.admin('POST', '/__admin/reset');
  made = {};
  await SETUP[operationId]?.();
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(PATHS[operationId] ?? {})) given[name] = await value();
  const values = await valuesFor(path, given).catch((error: Error) => `no id: ${error.message}`);
  if (typeof values === 'string') return { problems: [values], read: true };
  const row = rowOf(operationId);
  // An operation the official document gives no body is sent none, as the official client does.
  const walked = row && defs[`${operationId}-body`] ? bodyFor(row) : undefined;
  const body = BODIES[operationId]?.() ?? (EXAMPLES.has(operationId) ? EXAMPLES.get(operationId) : walked);
  const url = fill(path, values) + (row ? queryFor(row) : '');
  const res = await t.call(CALLERS[operationId] ?? 'admin', method, url, body);
  if (res.status < 200 || res.status >= 300) return { problems: [`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`], read: true };
  const problems: string[] = [];
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  if (json && officialResponseValidator(operationId, res.status)) {
    try {
      expectOfficial(operationId, res.status, res.body);
    } catch (error) {
      problems.push((error as Error).message.slice(0, 400));
    }
  }
  const index = stateIndex((await t.admin('GET', '/__admin/state')).body);
  const named = stringsOf(body, new Set(Object.values(values)));
  if (json) problems.push(...problemsIn(res.body, index, named));
  const written = await READS[operationId]?.(values, body, res.body);
  if (written) {
    const got = await t.call('admin', 'GET', written.url);
    // What the read shows names only what the state holds too.
    if (isJson(got)) problems.push(...problemsIn(got.body, index, named).map((p) => `GET ${written.url}: ${p}`));
    const wrong = got.status >= 200 && got.status < 300 ? written.shows(got.body) : `${got.status} ${JSON.stringify(got.body).slice(0, 200)}`;
    return { problems: wrong === undefined ? problems : [...problems, `GET ${written.url}: ${wrong}`], read: true };
  }
  const read = readOf(method, path, values, json ? res.body : undefined);
  if (!read) return { problems, read: false };
  const got = await t.call('admin', 'GET', read.url);
  if (isJson(got) && got.status < 300) problems.push(...problemsIn(got.body, index, named).map((p) => `GET ${read.url}: ${p}`));
  const shown = differences(read, got, body, json ? res.body : undefined);
  // A write said to have no read counts as read only once its read shows it.
  if ((shown.length === 1 && shown[0] === NOTHING_SHOWN) || (operationId in NO_READ && shown.length > 0)) return { problems, read: false, shown };
  problems.push(...shown);
  return { problems, read: true };
}

describe('every official write on starter', () => {
  it('answers 2xx with the official schema, naming only what the state holds, and the read shows it', { timeout: 600_000 }, async () => {
    const failing: Record<string, string[]> = {};
    const unread: string[] = [];
    const unshown: Record<string, string[]> = {};
    for (const [operationId, method, path] of WRITES) {
      const { problems, read, shown } = await tryWrite(operationId, method, path);
      if (problems.length) failing[operationId] = problems.slice(0, 6);
      if (!read) unread.push(operationId);
      if (shown) unshown[operationId] = shown.slice(0, 4);
    }
    if (process.env.WRITE_REPORT) (await import('node:fs')).writeFileSync(process.env.WRITE_REPORT, JSON.stringify({ failing, unread, unshown }, null, 1));
    expect(Object.fromEntries(Object.entries(failing).filter(([id]) => !(id in KNOWN)))).toEqual({});
    expect(Object.keys(KNOWN).filter((id) => !(id in failing)), 'these pass now: take them out of KNOWN').toEqual([]);
    expect(unread.filter((id) => !(id in NO_READ)), 'no official GET shows these writes: say why in NO_READ').toEqual([]);
    expect(Object.keys(NO_READ).filter((id) => !unread.includes(id)), 'these are read now: take them out of NO_READ').toEqual([]);
  });
});
