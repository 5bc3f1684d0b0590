/**
 * What `gitbook-mock record` keeps of the upstream's answers: every record their JSON bodies
 * hold (found by its `object` field at any depth, or by the path that answered), turned into a
 * scenario of this mock that pins the upstream ids, with a manifest naming them. Never a token.
 *
 * Kept: organizations and their members, users, teams and team members, spaces with their
 * content (pages with their markdown, files, variables), change requests (the pages they edit),
 * comments and replies, sites with their sections and site spaces. A later answer about the
 * same record replaces an earlier one.
 */
import type { ScenarioFile, ScenarioPage, ScenarioSiteSpace } from '../scenarios/types.ts';
import { slug } from '../text/slug.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Scenario = Required<Pick<ScenarioFile, 'users' | 'organizations' | 'teams' | 'spaces' | 'changeRequests' | 'comments' | 'sites'>>;

/** What schemas/scenario.json allows for a page's or a comment's text. */
const MARKDOWN_MAX = 100_000;
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const ROLES = new Set(['admin', 'create', 'edit', 'review', 'comment', 'read']);
const SPACE_VISIBILITY = new Set(['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private']);
const SITE_VISIBILITY = new Set(['public', 'unlisted', 'share-link', 'visitor-auth']);
const CR_STATUS = new Set(['draft', 'open', 'archived', 'merged']);

/** The manifest record writes beside the scenario: the recorded records by key (as the mock's manifest names them). */

/** A space's Git Sync as a scenario declares it, from the Git info the space shows (its installation's id kept); none without an installation. */
function gitSyncOf(keys: Keys, git: unknown): { key: string; id: string; provider: 'github' | 'gitlab'; url: string; ref?: string } | undefined {
  if (!git || typeof git !== 'object') return undefined;
  const g = git as Record<string, unknown>;
  const provider = g.installationProvider === 'github' || g.installationProvider === 'gitlab' ? g.installationProvider : undefined;
  if (typeof g.installationId !== 'string' || typeof g.url !== 'string' || !/^https:\/\/\S+$/.test(g.url) || !provider) return undefined;
  const ref = typeof g.ref === 'string' && /^refs\/heads\/\S+$/.test(g.ref) ? g.ref : undefined;
  const key = keys.key('gitSyncInstallations', g.installationId, typeof g.repoName === 'string' ? g.repoName : undefined);
  return ref ? { key, id: g.installationId, provider, url: g.url, ref } : { key, id: g.installationId, provider, url: g.url };
}

export interface RecordedManifest {
  scenario: string;
  upstream: string;
  recordedAt: string;
  /** The key of the user --token belongs to (the mock's first user), when record learnt it. */
  caller: string | null;
  ids: Record<string, Record<string, string>>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const id = (v: unknown): string | undefined => (typeof v === 'string' && ID.test(v) ? v : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const time = (v: unknown): string | undefined => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined);
/** `{ a: undefined }` left out, so the file holds only what the upstream said. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
function role(v: unknown): 'admin' | undefined {
  return typeof v === 'string' && ROLES.has(v) ? (v as 'admin') : undefined;
}
function markdownOf(body: unknown): string | undefined {
  return body && typeof body === 'object' && typeof (body as Json).markdown === 'string' ? (body as Json).markdown : undefined;
}

const SINGULAR: Record<string, string> = {
  users: 'user', organizations: 'org', teams: 'team', spaces: 'space', pages: 'page', files: 'file', changeRequests: 'change-request',
  comments: 'comment', commentReplies: 'reply', sites: 'site', siteSections: 'section', siteSpaces: 'site-space', reusableContents: 'reusable-content',
};

/** Readable, unique keys per collection: from a title, else from the collection and a number. */
class Keys {
  private readonly byId = new Map<string, Map<string, string>>();
  private readonly used = new Map<string, Set<string>>();

  key(collection: string, upstreamId: string, title?: string): string {
    let ids = this.byId.get(collection);
    if (!ids) this.byId.set(collection, (ids = new Map()));
    const known = ids.get(upstreamId);
    if (known) return known;
    let used = this.used.get(collection);
    if (!used) this.used.set(collection, (used = new Set()));
    const fromTitle = (title ? slug(title).replace(/[^a-z0-9_.-]/g, '').slice(0, 60) : '').replace(/^[^a-z0-9]+/, '');
    const base = fromTitle || SINGULAR[collection] || collection;
    let key = fromTitle || `${base}-${used.size + 1}`;
    for (let n = 2; used.has(key); n += 1) key = `${base}-${n}`;
    used.add(key);
    ids.set(upstreamId, key);
    return key;
  }

  ids(): Record<string, Record<string, string>> {
    return Object.fromEntries([...this.byId].map(([c, m]) => [c, Object.fromEntries([...m].map(([i, k]) => [k, i]))]));
  }
}

export class Collector {
  /** The user --token belongs to (from GET /v1/user answered for it). */
  caller?: string;
  private readonly orgs = new Map<string, Json>();
  private readonly members = new Map<string, Map<string, Json>>();
  private readonly users = new Map<string, Json>();
  private readonly teams = new Map<string, Json & { organization: string }>();
  private readonly teamMembers = new Map<string, Map<string, string>>();
  private readonly spaces = new Map<string, Json>();
  private readonly spaceOrder = new Map<string, string[]>();
  private readonly siteOrder = new Map<string, string[]>();
  /** The content of a space (by space id) and of a change request (by change request id). */
  private readonly spaceContent = new Map<string, Json>();
  private readonly crContent = new Map<string, Json>();
  /** Markdown of pages read one by one: `space:page` or `cr:page`. */
  private readonly pageMarkdown = new Map<string, string>();
  private readonly changeRequests = new Map<string, Json>();
  private readonly comments = new Map<string, Json>();
  private readonly replies = new Map<string, Map<string, Json>>();
  private readonly sites = new Map<string, Json & { organization: string }>();
  private readonly sections = new Map<string, Map<string, Json>>();
  private readonly siteSpaces = new Map<string, Map<string, Json>>();

  /** Takes in one answer's body; `path` (such as /v1/orgs/ID/members) gives relations the body leaves out. */
  add(path: string, body: unknown, forToken = false): void {
    const p = path.split('/').map((s) => decodeURIComponent(s));
    // ['', 'v1', 'orgs', ORG, ...]
    const org = p[2] === 'orgs' ? id(p[3]) : undefined;
    const space = p[2] === 'spaces' ? id(p[3]) : undefined;
    const cr = space && p[4] === 'change-requests' ? id(p[5]) : undefined;
    const site = org && p[4] === 'sites' ? id(p[5]) : undefined;
    if (forToken && path === '/v1/user' && body && typeof body === 'object') this.caller = id((body as Json).id);
    if (org && p.length === 5 && Array.isArray((body as Json)?.items)) {
      const ids = (body as Json).items.map((x: Json) => id(x?.id)).filter(Boolean);
      if (p[4] === 'spaces') this.spaceOrder.set(org, ids);
      if (p[4] === 'sites') this.siteOrder.set(org, ids);
    }
    // A page read one by one: /v1/spaces/S[/change-requests/CR]/content/page/P (or /content/path/...).
    const contentAt = cr ? 6 : 4;
    if (space && p[contentAt] === 'content' && p[contentAt + 1] && body && typeof body === 'object') {
      const page = body as Json;
      if (id(page.id) && typeof page.markdown === 'string' && p[contentAt + 1] !== 'files') this.pageMarkdown.set(`${cr ?? space}:${page.id}`, page.markdown);
    }
    this.walk(body, { org, space, cr, site, teamOfPath: org && p[4] === 'teams' ? id(p[5]) : undefined, path: p, contentAt });
  }

  private walk(value: unknown, at: { org?: string; space?: string; cr?: string; site?: string; teamOfPath?: string; path: string[]; contentAt: number }): void {
    if (Array.isArray(value)) return value.forEach((v) => this.walk(v, at));
    if (!value || typeof value !== 'object') return;
    const o = value as Json;
    const oid = id(o.id);
    // A team membership (listTeamMembersInOrganizationById): { organization: member, team: { role } }.
    if (at.teamOfPath && o.team && typeof o.team === 'object' && id(o.organization?.user?.id)) {
      let m = this.teamMembers.get(at.teamOfPath);
      if (!m) this.teamMembers.set(at.teamOfPath, (m = new Map()));
      m.set(o.organization.user.id, o.team.role === 'owner' ? 'owner' : 'member');
    }
    if (oid) switch (o.object) {
      case 'organization': this.orgs.set(oid, o); break;
      case 'user': this.users.set(oid, o); break;
      case 'space': if (id(o.organization)) this.spaces.set(oid, o); break;
      case 'change-request': if (id(o.space)) this.changeRequests.set(oid, o); break;
      case 'comment': if (id(o.target?.space)) this.comments.set(oid, o); break;
      case 'team': if (at.org) this.teams.set(oid, { ...o, organization: at.org }); break;
      case 'member': {
        const org = at.org;
        // A guest (role null) is a member too.
        if (org && (o.role === null || role(o.role) !== undefined) && id(o.user?.id)) {
          let m = this.members.get(org);
          if (!m) this.members.set(org, (m = new Map()));
          m.set(o.user.id, o);
        }
        break;
      }
      case 'comment-reply': {
        // /v1/spaces/S[/change-requests/CR]/comments/C/replies
        const comment = id(at.path[at.cr ? 7 : 5]);
        if (comment && at.path[at.cr ? 8 : 6] === 'replies') {
          let r = this.replies.get(comment);
          if (!r) this.replies.set(comment, (r = new Map()));
          r.set(oid, o);
        }
        break;
      }
      case 'revision': {
        // The content of the space, or of a change request: /v1/spaces/S[/change-requests/CR]/content
        if (at.space && at.path[at.contentAt] === 'content' && at.path.length === at.contentAt + 1) {
          if (at.cr) this.crContent.set(at.cr, o);
          else this.spaceContent.set(at.space, o);
        }
        break;
      }
      case 'site': if (at.org) this.sites.set(oid, { ...o, organization: at.org }); break;
      case 'site-section': this.under(this.sections, at.site, oid, o); break;
      case 'site-space': if (!at.path.includes('sections')) this.under(this.siteSpaces, at.site, oid, o); break;
      default:
    }
    for (const child of Object.values(o)) if (child && typeof child === 'object') this.walk(child, at);
  }

  private under(map: Map<string, Map<string, Json>>, parent: string | undefined, key: string, o: Json): void {
    if (!parent) return;
    let m = map.get(parent);
    if (!m) map.set(parent, (m = new Map()));
    m.set(key, o);
  }

  /**
   * The scenario (records under their upstream ids, pinned) and its manifest. `now`: the
   * scenario's clock (the time the recording ended).
   */
  scenario(options: { name: string; upstream: string; now: string; anonymize: boolean }): { scenario: ScenarioFile; manifest: RecordedManifest } {
    const keys = new Keys();
    const out: Scenario = { users: [], organizations: [], teams: [], spaces: [], changeRequests: [], comments: [], sites: [] };
    const userKey = (uid: string) => keys.key('users', uid, options.anonymize ? undefined : str(this.users.get(uid)?.displayName));
    const known = { spaces: new Set<string>(), pages: new Map<string, Set<string>>(), crs: new Set<string>() };

    // Organizations: those seen, and those spaces and sites name.
    for (const s of this.spaces.values()) if (!this.orgs.has(s.organization)) this.orgs.set(s.organization, { id: s.organization });
    for (const s of this.sites.values()) if (!this.orgs.has(s.organization)) this.orgs.set(s.organization, { id: s.organization });
    // Users: the caller first (the mock answers verify as its first user), then in the order seen.
    const userIds = [...new Set([...(this.caller ? [this.caller] : []), ...this.users.keys(),
      ...[...this.members.values()].flatMap((m) => [...m.keys()])])];
    userIds.forEach((uid, n) => {
      const u = this.users.get(uid) ?? {};
      out.users.push(defined({
        key: userKey(uid), id: uid,
        displayName: options.anonymize ? `User ${n + 1}` : str(u.displayName),
        email: options.anonymize ? `user${n + 1}@example.com` : (str(u.email) && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(u.email) ? u.email : undefined),
        photoURL: options.anonymize ? undefined : (str(u.photoURL) && /^https?:\/\//.test(u.photoURL) ? u.photoURL : undefined),
      }));
    });

    for (const [oid, o] of this.orgs) {
      const members = [...(this.members.get(oid)?.values() ?? [])].map((m) => defined({
        user: userKey(m.user.id), role: role(m.role) ?? null, joinedAt: time(m.joinedAt), lastSeenAt: time(m.lastSeenAt), sso: bool(m.sso), disabled: bool(m.disabled),
      }));
      // The caller's own role when the member list was not read: what the permissions it was shown say.
      if (this.caller && !this.members.get(oid)?.has(this.caller)) members.push({ user: userKey(this.caller), role: this.callerRole(oid, o) } as (typeof members)[number]);
      out.organizations.push(defined({
        key: keys.key('organizations', oid, str(o.title)), id: oid,
        title: str(o.title) && o.title.length >= 2 ? o.title.slice(0, 255) : undefined,
        emailDomains: Array.isArray(o.emailDomains) ? o.emailDomains.filter((d: unknown) => typeof d === 'string') : undefined,
        hostname: typeof o.hostname === 'string' && /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/.test(o.hostname) ? o.hostname : undefined,
        type: str(o.type), plan: str(o.plan),
        defaultRole: o.defaultRole === null ? null : role(o.defaultRole),
        sso: bool(o.sso), ai: bool(o.ai), inviteLinks: bool(o.inviteLinks), createdAt: time(o.createdAt),
        members,
      }));
    }
    const orgKey = (oid: string) => keys.key('organizations', oid);

    for (const [tid, t] of this.teams) {
      const members = [...(this.teamMembers.get(tid) ?? [])]
        .filter(([uid]) => this.members.get(t.organization)?.has(uid))
        .map(([uid, r]) => ({ user: userKey(uid), role: r as 'owner' | 'member' }));
      out.teams.push(defined({
        key: keys.key('teams', tid, str(t.title)), id: tid, organization: orgKey(t.organization),
        title: str(t.title)?.slice(0, 64), createdAt: time(t.createdAt), members,
      }));
    }

    const pagesOf = (list: unknown, contentOf: string, pageKeys: Set<string>): ScenarioPage[] =>
      (Array.isArray(list) ? list : []).flatMap((pg: Json) => {
        if (!id(pg?.id) || !str(pg.title) || (pg.type !== undefined && pg.type !== 'document' && pg.type !== 'group')) return [];
        pageKeys.add(pg.id);
        return [defined({
          key: keys.key('pages', pg.id, pg.title), id: pg.id, title: pg.title.slice(0, 200),
          slug: typeof pg.slug === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(pg.slug) ? pg.slug : undefined,
          emoji: str(pg.emoji), description: str(pg.description), hidden: bool(pg.hidden),
          markdown: (this.pageMarkdown.get(`${contentOf}:${pg.id}`) ?? (typeof pg.markdown === 'string' ? pg.markdown : '')).slice(0, MARKDOWN_MAX),
          createdAt: time(pg.createdAt), updatedAt: time(pg.updatedAt),
          pages: pagesOf(pg.pages, contentOf, pageKeys),
        })];
      });

    const order = (ids: Iterable<string>, lists: Map<string, string[]>) => {
      const rank = new Map([...lists.values()].flatMap((l) => l.map((x, i) => [x, i] as const)));
      return [...ids].sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity));
    };
    // Revision ids are pinned once each (the scenario refuses one used twice).
    const pinnedRevisions = new Set<string>();
    const pin = (rev: unknown): string | undefined => {
      const r = id(rev);
      if (!r || pinnedRevisions.has(r)) return undefined;
      pinnedRevisions.add(r);
      return r;
    };
    for (const sid of order(this.spaces.keys(), this.spaceOrder)) {
      const s = this.spaces.get(sid);
      if (!s) continue;
      const content = this.spaceContent.get(sid);
      const pageKeys = new Set<string>();
      known.spaces.add(sid);
      known.pages.set(sid, pageKeys);
      out.spaces.push(defined({
        key: keys.key('spaces', sid, str(s.title)), id: sid, organization: orgKey(s.organization),
        title: str(s.title)?.slice(0, 50), emoji: typeof s.emoji === 'string' && s.emoji.length <= 50 ? s.emoji : undefined,
        visibility: SPACE_VISIBILITY.has(s.visibility) ? s.visibility : undefined,
        editMode: s.editMode === 'live' || s.editMode === 'locked' ? s.editMode : undefined,
        defaultLevel: s.defaultLevel === null || s.defaultLevel === 'inherit' ? s.defaultLevel : role(s.defaultLevel),
        createdAt: time(s.createdAt), updatedAt: time(s.updatedAt), deletedAt: time(s.deletedAt),
        // After a merge, the space is at the merge revision: the scenario starts from the revision
        // the merged change request started from, and the merge (pinned on it) brings it there.
        revision: pin(this.lastMerge(sid, s.revision)?.revisionInitial ?? s.revision ?? content?.id),
        pages: content ? pagesOf(content.pages, sid, pageKeys) : undefined,
        files: content && Array.isArray(content.files)
          ? content.files.filter((f: Json) => id(f?.id) && str(f.name)).map((f: Json) => defined({
            key: keys.key('files', f.id, f.name), id: f.id, name: f.name, contentType: str(f.contentType),
            size: Number.isInteger(f.size) && f.size >= 0 ? f.size : undefined,
            width: Number.isInteger(f.dimensions?.width) && f.dimensions.width > 0 ? f.dimensions.width : undefined,
            height: Number.isInteger(f.dimensions?.height) && f.dimensions.height > 0 ? f.dimensions.height : undefined,
          }))
          : undefined,
        // A reusable content keeps the upstream's document id: its body is not in the content read.
        reusableContents: content && Array.isArray(content.reusableContents)
          ? content.reusableContents.filter((r: Json) => id(r?.id) && str(r.title)).map((r: Json) => defined({
            key: keys.key('reusableContents', r.id, r.title), id: r.id, title: r.title.slice(0, 100), document: id(r.document),
          }))
          : undefined,
        variables: content?.variables && typeof content.variables === 'object'
          ? Object.fromEntries(Object.entries(content.variables as Json).filter(([, v]) => typeof v === 'string'))
          : undefined,
        gitSync: gitSyncOf(keys, s.gitSync),
      }));
    }

    // Change requests in number order per space, so that unpinned numbering agrees too.
    const spaceRank = [...known.spaces];
    const crs = [...this.changeRequests.values()].filter((c) => known.spaces.has(c.space) && id(c.createdBy?.id))
      .sort((a, b) => spaceRank.indexOf(a.space) - spaceRank.indexOf(b.space) || (a.number ?? 0) - (b.number ?? 0));
    for (const c of crs) {
      known.crs.add(c.id);
      const base = this.flatPages(this.spaceContent.get(c.space)?.pages);
      const own = this.crContent.get(c.id);
      const changes = own
        ? [...this.flatPages(own.pages)].flatMap(([pid, pg]) => {
          const was = base.get(pid);
          const markdown = this.pageMarkdown.get(`${c.id}:${pid}`) ?? pg.markdown;
          if (!was) return [];
          const wasMarkdown = this.pageMarkdown.get(`${c.space}:${pid}`) ?? was.markdown;
          const change = defined({
            page: keys.key('pages', pid), title: pg.title !== was.title ? str(pg.title) : undefined,
            markdown: typeof markdown === 'string' && markdown !== wasMarkdown ? markdown.slice(0, MARKDOWN_MAX) : undefined,
          });
          return Object.keys(change).length > 1 ? [change] : [];
        })
        : [];
      out.changeRequests.push(defined({
        key: keys.key('changeRequests', c.id, str(c.subject)), id: c.id, space: keys.key('spaces', c.space),
        subject: typeof c.subject === 'string' ? c.subject.slice(0, 100) : undefined,
        status: CR_STATUS.has(c.status) ? c.status : undefined,
        number: Number.isInteger(c.number) && c.number >= 1 ? c.number : undefined,
        revision: pin(c.revision),
        revisionMerged: c.status === 'merged' ? pin(c.revisionMerged) : undefined,
        mergedAt: c.status === 'merged' ? time(c.mergedAt) : undefined,
        mergedBy: c.status === 'merged' && id(c.mergedBy?.id) ? userKey(c.mergedBy.id) : undefined,
        createdBy: userKey(c.createdBy.id), createdAt: time(c.createdAt), updatedAt: time(c.updatedAt),
        changes: changes.length ? changes : undefined,
      }));
    }

    for (const c of this.comments.values()) {
      const space = c.target.space as string;
      const cr = id(c.target.changeRequest);
      if (!known.spaces.has(space) || !id(c.postedBy?.id) || (cr && !known.crs.has(cr))) continue;
      const page = id(c.target.page?.id);
      // A page of the recorded content (a change request's revision holds the same pages, some changed).
      const inContent = page && known.pages.get(space)?.has(page);
      const seenReplies = [...(this.replies.get(c.id)?.values() ?? [])].filter((r) => id(r.postedBy?.id));
      out.comments.push(defined({
        key: keys.key('comments', c.id), id: c.id, space: keys.key('spaces', space),
        changeRequest: cr ? keys.key('changeRequests', cr) : undefined,
        page: inContent ? keys.key('pages', page) : undefined,
        node: str(c.target.node?.id),
        author: userKey(c.postedBy.id), body: (markdownOf(c.body) ?? '').slice(0, MARKDOWN_MAX),
        postedAt: time(c.postedAt), editedAt: time(c.editedAt),
        resolved: c.status === 'resolved' && id(c.resolvedBy?.id) ? defined({ by: userKey(c.resolvedBy.id), at: time(c.resolvedAt) }) : undefined,
        reactions: this.reactions(c.reactions, userKey),
        replies: seenReplies.length
          ? seenReplies.map((r) => defined({
            key: keys.key('commentReplies', r.id), id: r.id, author: userKey(r.postedBy.id), body: (markdownOf(r.body) ?? '').slice(0, MARKDOWN_MAX),
            postedAt: time(r.postedAt), editedAt: time(r.editedAt), reactions: this.reactions(r.reactions, userKey),
          }))
          // Replies not read: as many as the comment's repliers counted, each at the replier's last time, without text.
          : (Array.isArray(c.repliers) ? c.repliers : []).filter((r: Json) => id(r?.user?.id) && Number.isInteger(r.count))
            .flatMap((r: Json) => Array.from({ length: Math.min(r.count, 100) }, () => defined({ author: userKey(r.user.id), body: '(reply not recorded)', postedAt: time(r.updatedAt) }))),
      }));
    }

    for (const sid of order(this.sites.keys(), this.siteOrder)) {
      const s = this.sites.get(sid);
      if (!s) continue;
      const siteSpace = (ss: Json): ScenarioSiteSpace[] => (id(ss?.id) && known.spaces.has(ss.space?.id) && this.spaces.get(ss.space.id)?.organization === s.organization
        ? [defined({ key: keys.key('siteSpaces', ss.id, str(ss.path)), id: ss.id, space: keys.key('spaces', ss.space.id), path: str(ss.path)?.slice(0, 100), condition: str(ss.condition)?.slice(0, 1024), default: bool(ss.default) })]
        : []);
      const sections = [...(this.sections.get(sid)?.values() ?? [])]
        .map((sec) => defined({
          key: keys.key('siteSections', sec.id, str(sec.title)), id: sec.id as string, title: String(sec.title ?? 'Section').padEnd(2, '.').slice(0, 128),
          path: str(sec.path)?.slice(0, 100), description: str(sec.description)?.slice(0, 256), condition: str(sec.condition)?.slice(0, 1024),
          icon: str(sec.icon)?.slice(0, 50), default: bool(sec.default),
          siteSpaces: (Array.isArray(sec.siteSpaces) ? sec.siteSpaces : []).flatMap(siteSpace),
        }))
        .filter((sec) => id(sec.id) && sec.siteSpaces.length > 0);
      const rootSpaces = sections.length ? [] : [...(this.siteSpaces.get(sid)?.values() ?? [])].filter((ss) => !ss.section).flatMap(siteSpace);
      out.sites.push(defined({
        key: keys.key('sites', sid, str(s.title)), id: sid, organization: orgKey(s.organization),
        title: str(s.title) && s.title.length >= 2 ? s.title.slice(0, 128) : undefined, type: str(s.type),
        visibility: SITE_VISIBILITY.has(s.visibility) ? s.visibility : undefined, published: bool(s.published),
        hostname: str(s.hostname)?.slice(0, 512), basename: str(s.basename)?.slice(0, 100),
        agentsContext: s.agentsContext === 'included' || s.agentsContext === 'excluded' ? s.agentsContext : undefined,
        adaptiveContent: bool(s.adaptiveContent?.enabled), createdAt: time(s.createdAt),
        sections: sections.length ? sections : undefined, siteSpaces: rootSpaces.length ? rootSpaces : undefined,
      }));
    }

    const scenario: ScenarioFile = { description: `Recorded from ${options.upstream} (${options.name})`.slice(0, 200), now: options.now };
    for (const [k, list] of Object.entries(out)) if (list.length) (scenario as Json)[k] = list;
    return {
      scenario,
      manifest: { scenario: options.name, upstream: options.upstream, recordedAt: options.now, caller: this.caller ? userKey(this.caller) : null, ids: keys.ids() },
    };
  }

  /** The merged change request that brought the space to its current revision, if it was seen. */
  private lastMerge(space: string, revision: unknown): Json | undefined {
    return [...this.changeRequests.values()].find((c) => c.space === space && c.status === 'merged' && id(c.revisionMerged) && c.revisionMerged === revision && id(c.revisionInitial));
  }

  /** The organization's permissions, else the most a space of it allowed, else read. */
  private callerRole(org: string, o: Json): 'admin' | 'create' | 'edit' | 'comment' | 'read' {
    if (o.permissions) return o.permissions.admin ? 'admin' : o.permissions.createContent ? 'create' : 'read';
    const perms = [...this.spaces.values()].filter((s) => s.organization === org).map((s) => (s.permissions ?? {}) as Json);
    if (perms.some((p) => p.admin)) return 'admin';
    if (perms.some((p) => p.edit)) return 'edit';
    if (perms.some((p) => p.comment)) return 'comment';
    return 'read';
  }

  private flatPages(list: unknown, into = new Map<string, Json>()): Map<string, Json> {
    for (const pg of Array.isArray(list) ? list : []) {
      if (id(pg?.id)) into.set(pg.id, pg);
      this.flatPages(pg?.pages, into);
    }
    return into;
  }

  private reactions(list: unknown, userKey: (id: string) => string): Record<string, string[]> | undefined {
    const out: Record<string, string[]> = {};
    for (const r of Array.isArray(list) ? list : []) {
      const users = (Array.isArray(r?.users) ? r.users : []).map((u: Json) => id(u?.user?.id)).filter(Boolean) as string[];
      if (str(r?.emoji) && users.length) out[r.emoji] = users.map(userKey);
    }
    return Object.keys(out).length ? out : undefined;
  }
}
