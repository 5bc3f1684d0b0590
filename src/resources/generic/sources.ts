/**
 * Where the generic tier takes a required value that no stored field, path id or body gives
 * (issue 42: never invent). The walker (walker.ts) asks for it by the field's name, or by the
 * component the schema names, and gets:
 *
 * - a reference: the nearest real record of its kind: the organization, site, space, change
 *   request or revision the path names, else the first of the parent organization (its first
 *   space, site, team...), the space's current revision and first page; a user, author or
 *   actor is the caller;
 * - a whole `User`, `Organization`, `Space`, `Site`, `ChangeRequest` or `Team`: that record as
 *   its hand-written presenter shows it;
 * - a title or name: the nearest record's (change request, space, site, organization);
 *   a display name or e-mail: that user's;
 * - a time: the record's last write, else the clock's reading; a link: the API location of the nearest record;
 * - anything else: nothing, so the walker leaves text empty and ids of kinds the mock does not keep.
 */
import type { RuntimeContext } from '../../contract/operation.ts';
import type { OrganizationRecord, SiteRecord, SpaceRecord } from '../../store/records.ts';
import { apiUrl, presentUser } from '../shared/present.ts';
import { presentOrganization } from '../shared/present-organization.ts';
import { presentTeam } from '../shared/present-people.ts';
import { presentSpaceToCaller } from '../shared/present-space.ts';
import { presentSite } from '../shared/present-site.ts';
import { presentChangeRequest } from '../shared/present-change-request.ts';
import { orgRole } from '../shared/access.ts';
import type { WalkSource } from './walker.ts';

type Schema = Record<string, any>;

/** The records nearest to a request: what its path names, else the first of their kind under it. */
interface Nearest {
  organization?: OrganizationRecord;
  site?: SiteRecord;
  space?: SpaceRecord;
  changeRequest?: ReturnType<RuntimeContext['db']['changeRequests']['get']>;
}

function nearest(ctx: RuntimeContext, hints: Record<string, string>): Nearest {
  const { db } = ctx;
  const space = hints.space ? db.spaces.get(hints.space) : undefined;
  const site = hints.site ? db.sites.get(hints.site) : undefined;
  const organization =
    (hints.organization && db.organizations.get(hints.organization)) ||
    (space && db.organizations.get(space.organization)) ||
    (site && db.organizations.get(site.organization)) ||
    db.organizations.find((o) => orgRole(db, o.id, ctx.user.id) != null);
  const nearSpace = space ?? (organization ? db.spaces.find((s) => s.organization === organization.id && !s.deletedAt) : undefined);
  const nearSite = site ?? (organization ? db.sites.find((s) => s.organization === organization.id) : undefined);
  const changeRequest = (hints.changeRequest && db.changeRequests.get(hints.changeRequest)) || (nearSpace ? db.changeRequests.find((c) => c.space === nearSpace.id) : undefined);
  return { organization: organization || undefined, site: nearSite, space: nearSpace, changeRequest: changeRequest || undefined };
}

/** Field names by the kind of record they name. */
const KINDS: [RegExp, string][] = [
  [/^(organization|organizationid|owner|org)$/, 'organization'],
  [/^(space|spaceid)$/, 'space'],
  [/^(site|siteid)$/, 'site'],
  [/^(changerequest|changerequestid)$/, 'changeRequest'],
  [/^(revision|revisionid)$/, 'revision'],
  [/^(page|pageid)$/, 'page'],
  [/^(user|userid|createdby|author|actor|requestedby|reviewer|updatedby|postedby)$/, 'user'],
  [/^(team|teamid)$/, 'team'],
  [/^(sitespace|sitespaceid)$/, 'siteSpace'],
  [/^(sitesection|sitesectionid)$/, 'siteSection'],
  [/^(collection|collectionid)$/, 'collection'],
];

/**
 * `author`: the user who last wrote the record shown (its `createdBy`, `updatedBy`), the caller
 * when none did; `time`: the record's last write, so its times hold still; the clock's reading otherwise.
 */
export function sourcesFor(ctx: RuntimeContext, hints: Record<string, string>, author?: string, time?: string): WalkSource {
  const who = (author && ctx.db.users.get(author)) || ctx.user;
  let near: Nearest | undefined;
  const at = () => (near ??= nearest(ctx, hints));
  const { db } = ctx;
  const idOf = (kind: string): string | undefined => {
    const n = at();
    switch (kind) {
      case 'organization': return n.organization?.id;
      case 'space': return n.space?.id;
      case 'site': return n.site?.id;
      case 'changeRequest': return n.changeRequest?.id;
      case 'revision': return hints.revision ?? n.space?.revision;
      case 'page': {
        const revision = n.space && db.revisions.get(n.space.revision);
        return revision?.pages[0]?.id;
      }
      case 'user': return who.id;
      case 'team': return n.organization && db.teams.find((t) => t.organization === n.organization!.id)?.id;
      case 'siteSpace': return n.site && db.siteSpaces.find((s) => s.site === n.site!.id)?.id;
      case 'siteSection': return n.site && db.siteSections.find((s) => s.site === n.site!.id)?.id;
      case 'collection': return n.organization && db.collections.find((c) => c.parent === n.organization!.id)?.id;
    }
    return undefined;
  };
  const location = (): string => {
    const n = at();
    if (n.changeRequest && hints.changeRequest) return apiUrl(ctx, `/spaces/${n.changeRequest.space}/change-requests/${n.changeRequest.id}`);
    if (n.space && hints.space) return apiUrl(ctx, `/spaces/${n.space.id}`);
    if (n.site && n.organization && hints.site) return apiUrl(ctx, `/orgs/${n.organization.id}/sites/${n.site.id}`);
    if (n.organization) return apiUrl(ctx, `/orgs/${n.organization.id}`);
    return apiUrl(ctx, '/');
  };
  const title = (): string | undefined => {
    const n = at();
    if (hints.changeRequest && n.changeRequest?.subject) return n.changeRequest.subject;
    if (hints.space && n.space) return n.space.title;
    if (hints.site && n.site) return n.site.title;
    return n.organization?.title ?? n.space?.title;
  };
  return {
    component(name: string): unknown {
      const n = at();
      switch (name) {
        case 'User': return presentUser(ctx, who);
        case 'Organization': return n.organization && presentOrganization(ctx, n.organization);
        case 'Space': return n.space && presentSpaceToCaller(ctx, n.space);
        case 'Site': return n.site && n.organization && presentSite(ctx, db.organizations.get(n.site.organization) ?? n.organization, n.site);
        case 'ChangeRequest': return n.changeRequest && presentChangeRequest(ctx, n.changeRequest);
        case 'Team': {
          const team = n.organization && db.teams.find((t) => t.organization === n.organization!.id);
          return team ? presentTeam(ctx, team) : undefined;
        }
      }
      return undefined;
    },
    field(name: string, schema: Schema): unknown {
      const lower = name.toLowerCase();
      if (schema.format === 'date-time') return time ?? ctx.now;
      if (schema.format === 'date') return (time ?? ctx.now).slice(0, 10);
      if (schema.format === 'email' || lower === 'email') return who.email;
      const kind = KINDS.find(([pattern]) => pattern.test(lower))?.[1];
      if (kind) return idOf(kind);
      if (schema.format === 'uri' || lower.includes('url') || lower === 'href' || lower === 'location') return location();
      if (lower === 'displayname') return who.displayName;
      if (lower.includes('title') || lower === 'name' || lower === 'label' || lower === 'subject') return title();
      if (lower === 'hostname') return at().site?.hostname ?? at().organization?.hostname;
      return undefined;
    },
  };
}
