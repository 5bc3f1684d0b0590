/**
 * Checks a state given to PUT /__admin/state: its shape (schemas/state.json), unique ids,
 * and that every reference points at a record of the right collection. A failure is a
 * 400 naming the bad path; nothing is changed.
 */
import { errors } from '../http/errors.ts';
import { describeError, type Validators } from '../http/validators.ts';
import type { CollectionName, StateJson } from '../store/store.ts';

/** Reference fields of each collection: field → collection it points into. */
const REFERENCES: Partial<Record<CollectionName, Record<string, CollectionName>>> = {
  members: { organization: 'organizations', user: 'users' },
  inviteLinks: { organization: 'organizations' },
  teams: { organization: 'organizations' },
  teamMembers: { team: 'teams', user: 'users', organization: 'organizations' },
  spaces: { organization: 'organizations', revision: 'revisions' },
  revisions: { space: 'spaces' },
  comments: { space: 'spaces', changeRequest: 'changeRequests', postedBy: 'users' },
  commentReplies: { comment: 'comments', postedBy: 'users' },
  changeRequests: { space: 'spaces', createdBy: 'users', revision: 'revisions', revisionInitial: 'revisions' },
  requestedReviewers: { changeRequest: 'changeRequests', user: 'users' },
  changeRequestReviews: { changeRequest: 'changeRequests', reviewer: 'users', comment: 'comments' },
  sites: { organization: 'organizations' },
  siteSections: { site: 'sites' },
  siteSectionGroups: { site: 'sites' },
  siteSpaces: { site: 'sites', space: 'spaces', section: 'siteSections' },
  shareLinks: { site: 'sites' },
  samlProviders: { organization: 'organizations', defaultTeam: 'teams' },
  openapiSpecs: { organization: 'organizations' },
  openapiSpecVersions: { spec: 'openapiSpecs' },
  translations: { organization: 'organizations' },
  siteRedirects: { parent: 'sites' },
  siteMcpServers: { parent: 'sites' },
  siteChannels: { parent: 'sites' },
  // An installation's target may name a space or site deleted since (it then reads as gone: 404).
  gitSyncInstallations: { organization: 'organizations', createdBy: 'users' },
  // A link's `sectionGroup` may name a group deleted since (the link then shows at the top level).
  siteExternalLinks: { parent: 'sites' },
  // A collection's `collection` may name one deleted since (it is then presented without it).
  collections: { parent: 'organizations' },
  spacePermissions: { parent: 'spaces', user: 'users', team: 'teams' },
  collectionPermissions: { parent: 'collections', user: 'users', team: 'teams' },
  sitePermissions: { parent: 'sites', user: 'users', team: 'teams' },
  integrations: { owner: 'organizations', user: 'users' },
  installations: { integration: 'integrations', organization: 'organizations', user: 'users' },
  spaceInstallations: { installation: 'installations', integration: 'integrations', target: 'spaces' },
  siteInstallations: { installation: 'installations', integration: 'integrations', target: 'sites' },
};

export function checkState(state: unknown, schemas: Validators): StateJson {
  const validate = schemas.strictValidator('state');
  if (!validate(state)) throw errors.badRequest(`Invalid state: ${describeError('state', validate.errors![0])}`);
  const valid = state as Record<string, { id: string }[]>;
  const ids = new Map<string, Set<string>>();
  for (const [name, rows] of Object.entries(valid)) {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (seen.has(row.id)) throw errors.badRequest(`Invalid state: state.${name}[${i}].id "${row.id}" is used twice`);
      seen.add(row.id);
    });
    ids.set(name, seen);
  }
  for (const [name, fields] of Object.entries(REFERENCES)) {
    (valid[name] ?? []).forEach((row, i) => {
      for (const [field, target] of Object.entries(fields)) {
        const value = (row as unknown as Record<string, unknown>)[field];
        if (value === undefined) continue;
        if (typeof value !== 'string' || !ids.get(target)?.has(value)) {
          throw errors.badRequest(`Invalid state: state.${name}[${i}].${field} "${String(value)}" is not an id of ${target}`);
        }
      }
    });
  }
  const users = valid.users as unknown as { token: string }[];
  const tokens = new Set<string>();
  users.forEach((u, i) => {
    if (tokens.has(u.token)) throw errors.badRequest(`Invalid state: state.users[${i}].token is used twice`);
    tokens.add(u.token);
  });
  return valid as unknown as StateJson;
}
