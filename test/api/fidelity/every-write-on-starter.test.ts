/**
 * Every official writing operation (POST, PUT, PATCH, DELETE) on a fresh `starter`, as a user of
 * the service meets it (issue 42, "for every writing operation: write, then read what the
 * service would show changed"): a body the official document accepts (a family's example, else
 * one built from the official body schema) is sent as the organization's admin; the answer must
 * be 2xx, fit the official response schema and name only what the state (after the write) or
 * the request holds; then the read the service would show the write in must reflect it:
 *
 * - a create's new id reads back by its get (or shows in the list it was made in);
 * - a delete's record reads 404 (or is gone from its list);
 * - a change, or an action on a record (`.../publish`), reads back through the get of that
 *   record: the same object where the write answered it, else each field the body set.
 *
 * The read is written in READS where the routes cannot tell it, else found from the official
 * routes alone (readOf); a write none of them reads is in NO_READ with why. A write that needs
 * something done first (a permission given before it is changed) has it done in SETUP.
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
  moveCollection: () => ({ parent: null }),
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
  // The role is optional: a body without it changes nothing.
  ...Object.fromEntries(['Space', 'Collection', 'Site'].flatMap((where) => ['Team', 'User'].map((who) => [`update${who}PermissionIn${where}`, () => ({ role: 'edit' })]))),
};

/** Path ids other than the starter's usual ones, where the operation is about them: a user changes their own profile. */
const PATHS: Record<string, Record<string, () => string>> = {
  updateUserById: { userId: () => gb.id('users', 'admin') },
};

/** What a write needs done first, as a user would have done it (a permission to change must have been given). */
const SETUP: Record<string, () => Promise<unknown>> = {};
const SPACE = '/v1/spaces/{spaces.handbook}/permissions';
const COLLECTION = '/v1/collections/{collections.guides}/permissions';
const SITE = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/permissions';
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
});

/**
 * Reads written for a write whose read the routes do not give (the answer names nothing to
 * compare): the GET that shows it, and what it must show.
 */
const READS: Record<string, (values: Record<string, string>, body: any) => { url: string; shows: (read: any) => string | undefined }> = {
  mergeChangeRequest: (v) => ({ url: fill('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', v), shows: (cr) => (cr.status === 'merged' ? undefined : `status ${cr.status}, not merged`) }),
  deleteSpaceById: (v) => ({ url: fill('/v1/spaces/{spaceId}', v), shows: (space) => (typeof space.deletedAt === 'string' ? undefined : 'no deletedAt: the space is not in the trash') }),
  restoreSpace: (v) => ({ url: fill('/v1/spaces/{spaceId}', v), shows: (space) => (space.deletedAt === undefined ? undefined : `still deleted at ${space.deletedAt}`) }),
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

/** Writes no official GET derived from the routes shows, and why (each wants a row of its own in readOf, or keeps nothing). */
const NO_READ: Record<string, string> = {
  ...because('computes an answer and keeps nothing (a read sent as POST)', [
    'getComputedDocument', 'getComputedRevision', 'askInOrganization', 'searchSiteContent', 'streamAskInSite', 'streamAIResponseInSite',
    'aggregateSiteEvents', 'prewarmSiteSearch', 'testSiteContextConnection', 'renderIntegrationUIWithPost', 'resolvePublishedContentByUrl',
  ]),
  ...because('gives a credential or a URL: its read is a call made with it, not a GET', ['createUserNotificationsToken', 'createIntegrationInstallationToken', 'generateStorageUploadURL', 'regenerateSitePublishingAuthById']),
  ...because('what it sends or records shows elsewhere (the events sent, the insights, the Git side), which no route-derived GET reads', [
    'importGitRepository', 'exportToGitRepository', 'queueIntegrationTask', 'trackEventsInSiteById', 'submitSiteAgentFeedback',
    'updateOrganizationMemberLastSeenAt', 'dnsRevalidateCustomHostname', 'syncSiteContextConnection', 'triggerChangeRequestsForSiteFinding',
    'deleteSiteTopicFindings', 'runTranslation',
  ]),
  ...because('its answer names no record and its body no top-level field the derived read shows: the read needs a row saying what to compare', [
    'duplicateSpace', 'updateChangeRequest', 'requestReviewersForChangeRequest', 'updateChangeRequestConversation',
    'setIntegrationDevelopmentMode', 'disableIntegrationDevelopmentMode',
    'installIntegrationOnSpace', 'updateIntegrationSpaceInstallation', 'updateIntegrationSiteInstallation', 'createOrganizationTeam',
    'updateMembersInOrganizationTeam', 'addMemberToOrganizationTeamById', 'inviteUsersToOrganization', 'joinOrganizationWithInvite',
    'joinOrganization', 'updateGlossaryEntries', 'createCustomFont', 'updateSiteShareLinkById', 'updateSiteSectionById',
    'upsertSiteContextRecords', 'updateSiteSpaceById', 'duplicateSiteSpace', 'overrideSiteSpaceCustomizationById', 'moveSiteSection',
    'moveSiteSpace', 'applyTemplateToSite', 'createSiteStyleguideById', 'updateSiteAdsById', 'bulkUpsertSiteRedirects', 'updateSiteRedirectById',
  ]),
  addExternalLinkToSite: "a site's external links have no get or list of their own: they show in the site's structure, which the derived reads do not look into",
};

/** Writes that do not pass yet, and why. */
const KNOWN: Record<string, string> = {
  ...because('starter holds no record of its kind (an agent conversation, a site section group, a site external link)', [
    'provisionOrganizationAgentConversation', 'updateOrganizationAgentConversation', 'deleteOrganizationAgentConversation',
    'updateSiteSectionGroupById', 'deleteSiteSectionGroupById', 'moveSiteSectionGroup', 'updateSiteExternalLinkById', 'deleteSiteExternalLinkById',
  ]),
  deleteSiteSpaceCustomizationById: "after the delete the site space reads its site's customization again (200): the derived read expects a 404",
  deleteSiteSpaceById: "starter's site space is the last of its section (409 is right): the write needs a second one",
  moveCollection: "starter's collection is at the top already and no other collection could hold it (409 is right)",
  installIntegrationOnSite: "docs-bot's installation is on Acme's only site already (409 is right)",
  cancelImportRun: "starter's import run is completed (400 is right): the write needs a running import",
  sortSiteStructure: "starter's site holds one section with one site space: nothing to sort it against",
  createSiteStyleguideRun: 'starter holds no style guide (404 is right): the write needs createSiteStyleguideById first',
  adsUpdateSite: "starter's site does not ask for ads (404 is right): the write needs updateSiteAdsById first",
  applyTemplateToSpace: 'T4 (templates): the answer is the space, the walked body names a template the state does not hold',
  updateChangeRequestContent: "T4 (content): the walked body's changes name pages the change request does not hold",
  submitAgentFeedbackToSite: 'to look at: the answer has the id of the site but is no site, so the read of the site differs from it',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a read of the write is: a path to GET and what it must show. */
interface Read {
  url: string;
  expect: 'gone' | 'listed' | 'absent' | 'same';
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
  const shown = got.body;
  if (!isObject(shown)) return [`GET ${read.url}: no object`];
  const out: string[] = [];
  if (isObject(answer) && read.id !== undefined && shown.id === read.id) {
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

async function tryWrite(operationId: string, method: string, path: string): Promise<Outcome> {
  await t.admin('POST', '/__admin/reset');
  const values = await valuesFor(path).catch((error: Error) => `no id: ${error.message}`);
  if (typeof values === 'string') return { problems: [values], read: true };
  for (const [name, value] of Object.entries(PATHS[operationId] ?? {})) values[name] = value();
  const row = rowOf(operationId);
  // An operation the official document gives no body is sent none, as the official client does.
  const walked = row && defs[`${operationId}-body`] ? bodyFor(row) : undefined;
  const body = BODIES[operationId]?.() ?? (EXAMPLES.has(operationId) ? EXAMPLES.get(operationId) : walked);
  const url = fill(path, values) + (row ? queryFor(row) : '');
  await SETUP[operationId]?.();
  const res = await t.call('admin', method, url, body);
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
  const written = READS[operationId]?.(values, body);
  if (written) {
    const got = await t.call('admin', 'GET', written.url);
    const wrong = got.status >= 200 && got.status < 300 ? written.shows(got.body) : `${got.status} ${JSON.stringify(got.body).slice(0, 200)}`;
    return { problems: wrong === undefined ? problems : [...problems, `GET ${written.url}: ${wrong}`], read: true };
  }
  const read = readOf(method, path, values, json ? res.body : undefined);
  if (!read) return { problems, read: false };
  const shown = differences(read, await t.call('admin', 'GET', read.url), body, json ? res.body : undefined);
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
