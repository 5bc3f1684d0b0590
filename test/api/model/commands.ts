/**
 * The commands of the model test: each one write (or clock move) of one family, sent with the
 * official client. A command's arguments are drawn before the run; its targets are picked when
 * it runs, from the state as last exported (`pick`: the n-th of what exists now), so that a
 * sequence stays meaningful whatever came before it. A command with nothing to act on does
 * nothing. A refusal (4xx) is a legal outcome; a 5xx is noted by the world's fetch.
 */
import fc from 'fast-check';
import {
  ChangeRequestReviewStatus, CustomizationSidebarListStyle, GitBookAPIError, GitSyncInstallationProvider, MemberRole, SiteChannelRole, SiteVisibility, TranslationLanguage,
  type GitSyncInstallationTarget,
} from '@gitbook/api';
import type { StateExport } from '../../../src/scenarios/state-check.ts';
import type { World } from './world.ts';

/** The families the commands cover (the report of the test lists them). */
export type Family =
  | 'clock' | 'organizations' | 'members' | 'invite links' | 'teams' | 'spaces' | 'change requests' | 'comments'
  | 'sites' | 'customization' | 'site spaces' | 'sections' | 'section groups' | 'share links' | 'redirects'
  | 'channels' | 'mcp servers' | 'external links' | 'collections' | 'permissions' | 'custom hostnames'
  | 'integrations' | 'openapi specs' | 'translations' | 'saml' | 'git sync' | 'fonts';

export interface Step<A> {
  name: string;
  family: Family;
  args: fc.Arbitrary<A>;
  run(world: World, args: A): Promise<unknown>;
}

/** A step with its arguments typed by its arbitrary. */
function step<A>(name: string, family: Family, args: fc.Arbitrary<A>, run: (world: World, args: A) => Promise<unknown>): Step<A> {
  return { name, family, args, run };
}

/** The n-th of `list`, wrapping around; undefined when the list is empty. */
export function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

/**
 * Awaits a call of the client: a refusal (a 4xx, thrown by the client) is an answer like any
 * other; a 5xx was noted by the world and fails the step after it; anything else is thrown.
 */
async function send<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GitBookAPIError) return undefined;
    throw error;
  }
}

/** The organizations whose admin the manifest's admin user is: where most writes are allowed. */
function adminOrgs(state: StateExport): string[] {
  const admin = state.users.find((u) => u.token === state.manifest.tokens.admin);
  return state.members.filter((m) => m.user === admin?.id && m.role === 'admin').map((m) => m.organization);
}

/** The organization roles that may review a change request. */
const REVIEWERS = new Set<string>([MemberRole.Admin, MemberRole.Create, MemberRole.Edit, MemberRole.Review]);
const live = (state: StateExport) => state.spaces.filter((s) => s.deletedAt === undefined);
const deleted = (state: StateExport) => state.spaces.filter((s) => s.deletedAt !== undefined);
const n = fc.nat(1000);
const title = fc.constantFrom('Alpha', 'Beta', 'Guides', 'Reference', 'Ω unicode ✓');
/** Fields no schema names, at the top of a body and nested: to be ignored, never stored. */
const junk = fc.boolean();

const org = (w: World, i: number) => pick(adminOrgs(w.state), i);
const siteOf = (w: World, i: number) => pick(w.state.sites, i);
const siteChild = <T extends { site?: string; parent?: string }>(w: World, list: readonly T[], i: number) => {
  const row = pick(list, i);
  const site = row && w.state.sites.find((s) => s.id === (row.site ?? row.parent));
  return row && site ? { row, site } : undefined;
};

export const STEPS = [
  // The clock: a day, an hour, past the 7-day restore window of deleted spaces.
  step('advanceClock', 'clock', fc.constantFrom('PT1H', 'P1D', 'P8D'), (w, advance) =>
    w.fetch('/__admin/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance }) })),

  // Organizations, members, invite links, teams.
  step('updateOrganization', 'organizations', fc.record({ o: n, title, rules: fc.boolean(), junk }), (w, a) => {
    const o = org(w, a.o);
    if (!o) return Promise.resolve();
    const admin = w.state.members.find((m) => m.organization === o)?.user ?? '';
    const mergeRules = a.rules
      ? { type: 'rules' as const, rules: [{ rule: 'require_specific_reviewers' as const, users: [admin], ...(a.junk ? { junk: 1 } : {}) }] }
      : { type: 'none' as const };
    return send(() => w.api().orgs.updateOrganizationById(o, { title: a.title, mergeRules: { ...mergeRules, ...(a.junk ? { junk: 1 } : {}) }, ...(a.junk ? { junkTop: true } : {}) }));
  }),
  step('updateMemberRole', 'members', fc.record({ m: n, role: fc.constantFrom(MemberRole.Admin, MemberRole.Create, MemberRole.Edit, MemberRole.Review, MemberRole.Read) }), (w, a) => {
    const member = pick(w.state.members.filter((m) => adminOrgs(w.state).includes(m.organization)), a.m);
    return member ? send(() => w.api().orgs.updateMemberInOrganizationById(member.organization, member.user, { role: a.role })) : Promise.resolve();
  }),
  step('removeMember', 'members', n, (w, i) => {
    const member = pick(w.state.members.filter((m) => adminOrgs(w.state).includes(m.organization)), i);
    return member ? send(() => w.api().orgs.removeMemberFromOrganizationById(member.organization, member.user)) : Promise.resolve();
  }),
  step('createInviteLink', 'invite links', fc.record({ o: n, s: n, toSpace: fc.boolean() }), (w, a) => {
    const o = org(w, a.o);
    const space = pick(live(w.state).filter((s) => s.organization === o), a.s);
    if (!o) return Promise.resolve();
    return send(() => w.api().orgs.createOrganizationInvite(o, a.toSpace && space ? { level: MemberRole.Edit, space: space.id } : { role: MemberRole.Read }));
  }),
  step('deleteInviteLink', 'invite links', n, (w, i) => {
    const link = pick(w.state.inviteLinks, i);
    return link ? send(() => w.api().orgs.deleteOrganizationInviteById(link.organization, link.id)) : Promise.resolve();
  }),
  step('createTeam', 'teams', fc.record({ o: n, title, u: n }), (w, a) => {
    const o = org(w, a.o);
    const member = pick(w.state.members.filter((m) => m.organization === o), a.u);
    return o ? send(() => w.api().orgs.createOrganizationTeam(o, { title: a.title, members: member ? [member.user] : [] })) : Promise.resolve();
  }),
  step('addTeamMember', 'teams', fc.record({ t: n, u: n }), (w, a) => {
    const team = pick(w.state.teams, a.t);
    const member = team && pick(w.state.members.filter((m) => m.organization === team.organization), a.u);
    return team && member ? send(() => w.api().orgs.updateMembersInOrganizationTeam(team.organization, team.id, { add: [member.user] })) : Promise.resolve();
  }),
  step('deleteTeam', 'teams', n, (w, i) => {
    const team = pick(w.state.teams, i);
    return team ? send(() => w.api().orgs.removeTeamFromOrganizationById(team.organization, team.id)) : Promise.resolve();
  }),

  // Spaces: create, update, delete, restore, move, duplicate.
  step('createSpace', 'spaces', fc.record({ o: n, title, p: n, inParent: fc.boolean() }), (w, a) => {
    const o = org(w, a.o);
    const parent = a.inParent ? pick(w.state.collections.filter((c) => c.parent === o), a.p) : undefined;
    return o ? send(() => w.api().orgs.createSpace(o, { title: a.title, ...(parent ? { parent: parent.id } : {}) })) : Promise.resolve();
  }),
  step('updateSpace', 'spaces', fc.record({ s: n, title, rules: fc.constantFrom('inherit', 'none', 'rules'), junk }), (w, a) => {
    const space = pick(live(w.state), a.s);
    if (!space) return Promise.resolve();
    const admin = w.state.members.find((m) => m.organization === space.organization)?.user ?? '';
    const mergeRules = a.rules === 'rules'
      ? { type: 'rules' as const, rules: [{ rule: 'allow_bypass' as const, users: [admin], ...(a.junk ? { junk: 1 } : {}) }] }
      : { type: a.rules === 'inherit' ? ('inherit' as const) : ('none' as const) };
    return send(() => w.api().spaces.updateSpaceById(space.id, { title: a.title, mergeRules: { ...mergeRules, ...(a.junk ? { junk: 1 } : {}) }, ...(a.junk ? { junkTop: 1 } : {}) }));
  }),
  step('deleteSpace', 'spaces', n, (w, i) => {
    const space = pick(live(w.state), i);
    return space ? send(() => w.api().spaces.deleteSpaceById(space.id)) : Promise.resolve();
  }),
  step('restoreSpace', 'spaces', n, (w, i) => {
    const space = pick(deleted(w.state), i);
    return space ? send(() => w.api().spaces.restoreSpace(space.id)) : Promise.resolve();
  }),
  step('moveSpace', 'spaces', fc.record({ s: n, p: n, toTop: fc.boolean() }), (w, a) => {
    const space = pick(live(w.state), a.s);
    const parent = space && pick(w.state.collections.filter((c) => c.parent === space.organization), a.p);
    return space ? send(() => w.api().spaces.moveSpace(space.id, { parent: a.toTop || !parent ? null : parent.id })) : Promise.resolve();
  }),
  step('duplicateSpace', 'spaces', n, (w, i) => {
    const space = pick(live(w.state), i);
    return space ? send(() => w.api().spaces.duplicateSpace(space.id)) : Promise.resolve();
  }),

  // Change requests: create, edit content, update, review, merge.
  step('createChangeRequest', 'change requests', fc.record({ s: n, title }), (w, a) => {
    const space = pick(live(w.state), a.s);
    return space ? send(() => w.api().spaces.createChangeRequest(space.id, { subject: a.title })) : Promise.resolve();
  }),
  step('editChangeRequestContent', 'change requests', n, (w, i) => {
    const cr = pick(w.state.changeRequests.filter((c) => c.status === 'open' || c.status === 'draft'), i);
    return cr ? w.admin('POST', `/v1/spaces/${cr.space}/change-requests/${cr.id}/content/import`, { url: 'https://example.com/travel-policy', source: 'website' }) : Promise.resolve();
  }),
  step('updateChangeRequest', 'change requests', fc.record({ c: n, status: fc.constantFrom('draft', 'open', 'archived') as fc.Arbitrary<'draft' | 'open' | 'archived'> }), (w, a) => {
    const cr = pick(w.state.changeRequests, a.c);
    return cr ? send(() => w.api().spaces.updateChangeRequestById(cr.space, cr.id, { status: a.status })) : Promise.resolve();
  }),
  step('reviewChangeRequest', 'change requests', fc.record({ c: n, u: n }), (w, a) => {
    const cr = pick(w.state.changeRequests.filter((c) => c.status === 'open'), a.c);
    const space = cr && w.state.spaces.find((s) => s.id === cr.space);
    const reviewer = space && pick(w.state.members.filter((m) => m.organization === space.organization && m.user !== cr.createdBy && REVIEWERS.has(m.role ?? '')), a.u);
    return cr && reviewer ? send(() => w.api(reviewer.user).spaces.submitChangeRequestReview(cr.space, cr.id, { status: ChangeRequestReviewStatus.Approved })) : Promise.resolve();
  }),
  step('mergeChangeRequest', 'change requests', n, (w, i) => {
    const cr = pick(w.state.changeRequests.filter((c) => c.status === 'open' || c.status === 'draft'), i);
    return cr ? send(() => w.api().spaces.mergeChangeRequest(cr.space, cr.id)) : Promise.resolve();
  }),

  // Comments and replies, in spaces and change requests.
  step('postComment', 'comments', fc.record({ s: n, inChangeRequest: fc.boolean(), text: title }), (w, a) => {
    const body = { body: { document: { object: 'document' as const, data: {}, nodes: [{ object: 'block' as const, type: 'paragraph' as const, data: {}, nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: a.text, marks: [] }] }] }] } } };
    const cr = a.inChangeRequest ? pick(w.state.changeRequests, a.s) : undefined;
    if (cr) return send(() => w.api().spaces.postCommentInChangeRequest(cr.space, cr.id, body));
    const space = pick(live(w.state), a.s);
    return space ? send(() => w.api().spaces.postCommentInSpace(space.id, body)) : Promise.resolve();
  }),
  step('replyToComment', 'comments', fc.record({ c: n, text: title }), (w, a) => {
    const comment = pick(w.state.comments.filter((c) => c.changeRequest === undefined), a.c);
    const body = { body: { markdown: a.text } };
    return comment ? send(() => w.api().spaces.postCommentReplyInSpace(comment.space, comment.id, body)) : Promise.resolve();
  }),
  step('resolveComment', 'comments', n, (w, i) => {
    const comment = pick(w.state.comments.filter((c) => c.changeRequest === undefined), i);
    return comment ? send(() => w.api().spaces.updateCommentInSpace(comment.space, comment.id, { resolved: true })) : Promise.resolve();
  }),
  step('deleteComment', 'comments', n, (w, i) => {
    const comment = pick(w.state.comments.filter((c) => c.changeRequest === undefined), i);
    return comment ? send(() => w.api().spaces.deleteCommentInSpace(comment.space, comment.id)) : Promise.resolve();
  }),
  step('deleteReply', 'comments', n, (w, i) => {
    const reply = pick(w.state.commentReplies, i);
    const comment = reply && w.state.comments.find((c) => c.id === reply.comment);
    if (!reply || !comment) return Promise.resolve();
    return comment.changeRequest === undefined
      ? send(() => w.api().spaces.deleteCommentReplyInSpace(comment.space, comment.id, reply.id))
      : send(() => w.api().spaces.deleteCommentReplyInChangeRequest(comment.space, comment.changeRequest!, comment.id, reply.id));
  }),

  // Sites and their customization.
  step('createSite', 'sites', fc.record({ o: n, title }), (w, a) => {
    const o = org(w, a.o);
    return o ? send(() => w.api().orgs.createSite(o, { title: a.title })) : Promise.resolve();
  }),
  step('updateSite', 'sites', fc.record({ s: n, title, v: fc.constantFrom(SiteVisibility.Public, SiteVisibility.Unlisted, SiteVisibility.ShareLink), junk }), (w, a) => {
    const site = siteOf(w, a.s);
    return site ? send(() => w.api().orgs.updateSiteById(site.organization, site.id, { title: a.title, visibility: a.v, ...(a.junk ? { junkTop: 1 } : {}) })) : Promise.resolve();
  }),
  step('deleteSite', 'sites', n, (w, i) => {
    const site = siteOf(w, i);
    return site ? send(() => w.api().orgs.deleteSiteById(site.organization, site.id)) : Promise.resolve();
  }),
  step('customizeSite', 'customization', fc.record({ s: n, junk }), (w, a) => {
    const site = siteOf(w, a.s);
    const styling = { primaryColor: { light: '#346DDB', dark: '#346DDB', ...(a.junk ? { junk: 1 } : {}) } };
    if (!site) return Promise.resolve();
    return send(async () => {
      const { data } = await w.api().orgs.getSiteCustomizationById(site.organization, site.id);
      return w.api().orgs.updateSiteCustomizationById(site.organization, site.id, { ...data, styling: { ...data.styling, ...styling }, ...(a.junk ? { junkTop: true } : {}) });
    });
  }),
  step('customizeSiteSpace', 'customization', fc.record({ s: n, junk }), (w, a) => {
    const found = siteChild(w, w.state.siteSpaces, a.s);
    const styling = { sidebar: { list: CustomizationSidebarListStyle.Default }, infoColor: { light: '#787878', dark: '#85B', ...(a.junk ? { junk: 1 } : {}) } };
    return found ? send(() => w.api().orgs.overrideSiteSpaceCustomizationById(found.site.organization, found.site.id, found.row.id, { styling, ...(a.junk ? { junkTop: true } : {}) })) : Promise.resolve();
  }),
  step('removeSiteSpaceCustomization', 'customization', n, (w, i) => {
    const found = siteChild(w, w.state.siteSpaces, i);
    return found ? send(() => w.api().orgs.deleteSiteSpaceCustomizationById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('removeCustomHostname', 'custom hostnames', n, (w, i) => {
    const site = pick(w.state.sites.filter((s) => s.hostname !== undefined), i);
    return site?.hostname ? send(() => w.api().customHostnames.removeCustomHostname(site.hostname!)) : Promise.resolve();
  }),

  // Site spaces, sections, section groups.
  step('addSpaceToSite', 'site spaces', fc.record({ site: n, s: n, sec: n, inSection: fc.boolean() }), (w, a) => {
    const site = siteOf(w, a.site);
    const space = site && pick(live(w.state).filter((s) => s.organization === site.organization), a.s);
    const section = a.inSection && site ? pick(w.state.siteSections.filter((s) => s.site === site.id), a.sec) : undefined;
    return site && space ? send(() => w.api().orgs.addSpaceToSite(site.organization, site.id, { spaceId: space.id, ...(section ? { sectionId: section.id } : {}) })) : Promise.resolve();
  }),
  step('updateSiteSpace', 'site spaces', fc.record({ s: n, hidden: fc.boolean() }), (w, a) => {
    const found = siteChild(w, w.state.siteSpaces, a.s);
    return found ? send(() => w.api().orgs.updateSiteSpaceById(found.site.organization, found.site.id, found.row.id, { hidden: a.hidden })) : Promise.resolve();
  }),
  step('moveSiteSpace', 'site spaces', fc.record({ s: n, o: n, before: fc.boolean() }), (w, a) => {
    const found = siteChild(w, w.state.siteSpaces, a.s);
    const other = found && pick(w.state.siteSpaces.filter((s) => s.site === found.site.id && s.id !== found.row.id), a.o);
    const pointer = other && { type: 'site-space' as const, siteSpace: other.id };
    return found && pointer ? send(() => w.api().orgs.moveSiteSpace(found.site.organization, found.site.id, found.row.id, { position: a.before ? { before: pointer } : { after: pointer } })) : Promise.resolve();
  }),
  step('deleteSiteSpace', 'site spaces', n, (w, i) => {
    const found = siteChild(w, w.state.siteSpaces, i);
    return found ? send(() => w.api().orgs.deleteSiteSpaceById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('addSection', 'sections', fc.record({ site: n, s: n, g: n, inGroup: fc.boolean(), title }), (w, a) => {
    const site = siteOf(w, a.site);
    const space = site && pick(live(w.state).filter((s) => s.organization === site.organization), a.s);
    const group = a.inGroup && site ? pick(w.state.siteSectionGroups.filter((g) => g.site === site.id), a.g) : undefined;
    return site && space ? send(() => w.api().orgs.addSectionToSite(site.organization, site.id, { spaceId: space.id, title: a.title, ...(group ? { siteSectionGroupId: group.id } : {}) })) : Promise.resolve();
  }),
  step('updateSection', 'sections', fc.record({ s: n, title }), (w, a) => {
    const found = siteChild(w, w.state.siteSections, a.s);
    return found ? send(() => w.api().orgs.updateSiteSectionById(found.site.organization, found.site.id, found.row.id, { title: a.title })) : Promise.resolve();
  }),
  step('moveSection', 'sections', fc.record({ s: n, o: n, before: fc.boolean() }), (w, a) => {
    const found = siteChild(w, w.state.siteSections, a.s);
    const other = found && pick(w.state.siteSections.filter((s) => s.site === found.site.id && s.id !== found.row.id), a.o);
    const pointer = other && { type: 'site-section' as const, siteSection: other.id };
    return found && pointer ? send(() => w.api().orgs.moveSiteSection(found.site.organization, found.site.id, found.row.id, { position: a.before ? { before: pointer } : { after: pointer } })) : Promise.resolve();
  }),
  step('deleteSection', 'sections', n, (w, i) => {
    const found = siteChild(w, w.state.siteSections, i);
    return found ? send(() => w.api().orgs.deleteSiteSectionById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('addSectionGroup', 'section groups', fc.record({ site: n, title }), (w, a) => {
    const site = siteOf(w, a.site);
    return site ? send(() => w.api().orgs.addSectionGroupToSite(site.organization, site.id, { title: a.title })) : Promise.resolve();
  }),
  step('updateSectionGroup', 'section groups', fc.record({ g: n, title }), (w, a) => {
    const found = siteChild(w, w.state.siteSectionGroups, a.g);
    return found ? send(() => w.api().orgs.updateSiteSectionGroupById(found.site.organization, found.site.id, found.row.id, { title: a.title })) : Promise.resolve();
  }),
  step('addSectionToGroup', 'section groups', fc.record({ g: n, s: n }), (w, a) => {
    const found = siteChild(w, w.state.siteSectionGroups, a.g);
    const section = found && pick(w.state.siteSections.filter((s) => s.site === found.site.id), a.s);
    return found && section ? w.admin('POST', `/v1/orgs/${found.site.organization}/sites/${found.site.id}/section-groups/${found.row.id}/sections`, { sectionId: section.id }) : Promise.resolve();
  }),
  step('deleteSectionGroup', 'section groups', n, (w, i) => {
    const found = siteChild(w, w.state.siteSectionGroups, i);
    return found ? send(() => w.api().orgs.deleteSiteSectionGroupById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),

  // Share links, redirects, channels, MCP servers, external links.
  step('createShareLink', 'share links', fc.record({ site: n, title }), (w, a) => {
    const site = siteOf(w, a.site);
    return site ? send(() => w.api().orgs.createSiteShareLink(site.organization, site.id, { name: a.title })) : Promise.resolve();
  }),
  step('updateShareLink', 'share links', fc.record({ l: n, active: fc.boolean() }), (w, a) => {
    const found = siteChild(w, w.state.shareLinks, a.l);
    return found ? send(() => w.api().orgs.updateSiteShareLinkById(found.site.organization, found.site.id, found.row.id, { active: a.active })) : Promise.resolve();
  }),
  step('deleteShareLink', 'share links', n, (w, i) => {
    const found = siteChild(w, w.state.shareLinks, i);
    return found ? send(() => w.api().orgs.deleteSiteShareLinkById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('createRedirect', 'redirects', fc.record({ site: n, t: n, to: fc.constantFrom('site-space', 'site-section', 'external'), source: fc.constantFrom('/old', '/legacy/page', '/support') }), (w, a) => {
    const site = siteOf(w, a.site);
    if (!site) return Promise.resolve();
    const siteSpace = pick(w.state.siteSpaces.filter((s) => s.site === site.id), a.t);
    const section = pick(w.state.siteSections.filter((s) => s.site === site.id), a.t);
    const destination =
      a.to === 'site-space' && siteSpace ? { kind: 'site-space' as const, siteSpaceId: siteSpace.id }
      : a.to === 'site-section' && section ? { kind: 'site-section' as const, siteSectionId: section.id }
      : { kind: 'external' as const, url: 'https://example.com/moved' };
    return send(() => w.api().orgs.createSiteRedirect(site.organization, site.id, { source: a.source, destination }));
  }),
  step('updateRedirect', 'redirects', fc.record({ r: n, permanent: fc.boolean() }), (w, a) => {
    const found = siteChild(w, w.state.siteRedirects, a.r);
    return found ? send(() => w.api().orgs.updateSiteRedirectById(found.site.organization, found.site.id, found.row.id, { permanent: a.permanent })) : Promise.resolve();
  }),
  step('deleteRedirect', 'redirects', n, (w, i) => {
    const found = siteChild(w, w.state.siteRedirects, i);
    return found ? send(() => w.api().orgs.deleteSiteRedirectById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('createChannel', 'channels', n, (w, i) => {
    const site = siteOf(w, i);
    return site ? send(() => w.api().orgs.createSiteChannel(site.organization, site.id, { type: 'builtin:slack', setupSettings: { allowedChannels: [] } })) : Promise.resolve();
  }),
  step('deleteChannel', 'channels', n, (w, i) => {
    const found = siteChild(w, w.state.siteChannels, i);
    return found ? send(() => w.api().orgs.deleteSiteChannelById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('createMcpServer', 'mcp servers', fc.record({ site: n, title }), (w, a) => {
    const site = siteOf(w, a.site);
    return site ? send(() => w.api().orgs.createSiteMcpServer(site.organization, site.id, { name: a.title, url: 'https://mcp.example.com', headers: {} })) : Promise.resolve();
  }),
  step('deleteMcpServer', 'mcp servers', n, (w, i) => {
    const found = siteChild(w, w.state.siteMcpServers, i);
    return found ? send(() => w.api().orgs.deleteSiteMcpServerById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),
  step('addExternalLink', 'external links', fc.record({ site: n, g: n, inGroup: fc.boolean(), title }), (w, a) => {
    const site = siteOf(w, a.site);
    const group = a.inGroup && site ? pick(w.state.siteSectionGroups.filter((g) => g.site === site.id), a.g) : undefined;
    return site ? send(() => w.api().orgs.addExternalLinkToSite(site.organization, site.id, { title: a.title, url: 'https://example.com', ...(group ? { parent: group.id } : {}) })) : Promise.resolve();
  }),
  step('deleteExternalLink', 'external links', n, (w, i) => {
    const found = siteChild(w, w.state.siteExternalLinks, i);
    return found ? send(() => w.api().orgs.deleteSiteExternalLinkById(found.site.organization, found.site.id, found.row.id)) : Promise.resolve();
  }),

  // Collections and permissions.
  step('createCollection', 'collections', fc.record({ o: n, p: n, nested: fc.boolean(), title }), (w, a) => {
    const o = org(w, a.o);
    const parent = a.nested ? pick(w.state.collections.filter((c) => c.parent === o), a.p) : undefined;
    return o ? send(() => w.api().orgs.createCollection(o, { title: a.title, ...(parent ? { parent: parent.id } : {}) })) : Promise.resolve();
  }),
  step('updateCollection', 'collections', fc.record({ c: n, title }), (w, a) => {
    const collection = pick(w.state.collections, a.c);
    return collection ? send(() => w.api().collections.updateCollectionById(collection.id, { title: a.title })) : Promise.resolve();
  }),
  step('deleteCollection', 'collections', n, (w, i) => {
    const collection = pick(w.state.collections, i);
    return collection ? send(() => w.api().collections.deleteCollectionById(collection.id)) : Promise.resolve();
  }),
  step('invite', 'permissions', fc.record({ to: fc.constantFrom('space', 'collection', 'site'), t: n, u: n, team: fc.boolean() }), (w, a) => {
    const target = a.to === 'space' ? pick(live(w.state), a.t) : a.to === 'collection' ? pick(w.state.collections, a.t) : pick(w.state.sites, a.t);
    if (!target) return Promise.resolve();
    const orgId = 'organization' in target ? target.organization : target.parent;
    const team = pick(w.state.teams.filter((t) => t.organization === orgId), a.u);
    const member = pick(w.state.members.filter((m) => m.organization === orgId), a.u);
    const who = a.team && team ? { teams: [team.id] } : member ? { users: [member.user] } : undefined;
    if (!who) return Promise.resolve();
    if (a.to === 'space') return send(() => w.api().spaces.inviteToSpace(target.id, { ...who, role: MemberRole.Edit }));
    if (a.to === 'collection') return send(() => w.api().collections.inviteToCollection(target.id, { ...who, role: MemberRole.Edit }));
    return send(() => w.api().orgs.inviteToSite(orgId, target.id, { ...who, role: MemberRole.Edit }));
  }),
  step('removePermission', 'permissions', fc.record({ from: fc.constantFrom('space', 'collection', 'site'), p: n }), (w, a) => {
    const list = a.from === 'space' ? w.state.spacePermissions : a.from === 'collection' ? w.state.collectionPermissions : w.state.sitePermissions;
    const permission = pick(list, a.p);
    if (!permission) return Promise.resolve();
    const site = w.state.sites.find((s) => s.id === permission.parent);
    if (a.from === 'space') return permission.user ? send(() => w.api().spaces.removeUserFromSpace(permission.parent, permission.user!)) : send(() => w.api().spaces.removeTeamFromSpace(permission.parent, permission.team!));
    if (a.from === 'collection') return permission.user ? send(() => w.api().collections.removeUserFromCollection(permission.parent, permission.user!)) : send(() => w.api().collections.removeTeamFromCollection(permission.parent, permission.team!));
    if (!site) return Promise.resolve();
    return permission.user ? send(() => w.api().orgs.removeUserFromSite(site.organization, site.id, permission.user!)) : send(() => w.api().orgs.removeTeamFromSite(site.organization, site.id, permission.team!));
  }),

  // Integrations and their installations.
  step('installIntegration', 'integrations', fc.record({ i: n, o: n }), (w, a) => {
    const integration = pick(w.state.integrations, a.i);
    const o = org(w, a.o);
    return integration && o ? send(() => w.api().integrations.installIntegration(integration.id, { organization: o })) : Promise.resolve();
  }),
  step('installOnContent', 'integrations', fc.record({ i: n, t: n, onSite: fc.boolean() }), (w, a) => {
    const installation = pick(w.state.installations, a.i);
    if (!installation) return Promise.resolve();
    if (a.onSite) {
      const site = pick(w.state.sites.filter((s) => s.organization === installation.organization), a.t);
      return site ? send(() => w.api().integrations.installIntegrationOnSite(installation.integration, installation.id, { siteId: site.id })) : Promise.resolve();
    }
    const space = pick(live(w.state).filter((s) => s.organization === installation.organization), a.t);
    return space ? send(() => w.api().integrations.installIntegrationOnSpace(installation.integration, installation.id, { space: space.id })) : Promise.resolve();
  }),
  step('uninstallFromContent', 'integrations', fc.record({ i: n, onSite: fc.boolean() }), (w, a) => {
    const list = a.onSite ? w.state.siteInstallations : w.state.spaceInstallations;
    const row = pick(list, a.i);
    if (!row) return Promise.resolve();
    return a.onSite
      ? send(() => w.api().integrations.uninstallIntegrationFromSite(row.integration, row.installation, row.target))
      : send(() => w.api().integrations.uninstallIntegrationFromSpace(row.integration, row.installation, row.target));
  }),
  step('uninstallIntegration', 'integrations', n, (w, i) => {
    const installation = pick(w.state.installations, i);
    return installation ? send(() => w.api().integrations.uninstallIntegration(installation.integration, installation.id)) : Promise.resolve();
  }),

  // OpenAPI specs, translations, SAML, git sync, a family of the generic tier (fonts).
  step('createOpenApiSpec', 'openapi specs', fc.record({ o: n, slug: fc.constantFrom('petstore', 'billing', 'api') }), (w, a) => {
    const o = org(w, a.o);
    return o ? send(() => w.api().orgs.createOrUpdateOpenApiSpecBySlug(o, a.slug, { source: { url: 'https://example.com/openapi.json' } })) : Promise.resolve();
  }),
  step('deleteOpenApiSpec', 'openapi specs', n, (w, i) => {
    const spec = pick(w.state.openapiSpecs, i);
    return spec ? send(() => w.api().orgs.deleteOpenApiSpecBySlug(spec.organization, spec.slug)) : Promise.resolve();
  }),
  step('createTranslation', 'translations', fc.record({ o: n, s: n, language: fc.constantFrom(TranslationLanguage.Fr, TranslationLanguage.De, TranslationLanguage.Ja) }), (w, a) => {
    const o = org(w, a.o);
    const space = pick(live(w.state).filter((s) => s.organization === o), a.s);
    return o && space ? send(() => w.api().orgs.createTranslation(o, { source: { space: space.id, language: TranslationLanguage.En }, language: a.language })) : Promise.resolve();
  }),
  step('deleteTranslation', 'translations', n, (w, i) => {
    const translation = pick(w.state.translations, i);
    return translation ? send(() => w.api().orgs.deleteTranslation(translation.organization, translation.id)) : Promise.resolve();
  }),
  step('deleteSamlProvider', 'saml', n, (w, i) => {
    const provider = pick(w.state.samlProviders, i);
    return provider ? send(() => w.api().orgs.deleteOrganizationSamlProvider(provider.organization, provider.id)) : Promise.resolve();
  }),
  step('installGitSync', 'git sync', fc.record({ t: n, onSite: fc.boolean() }), (w, a) => {
    const site = a.onSite ? siteOf(w, a.t) : undefined;
    const space = a.onSite ? undefined : pick(live(w.state), a.t);
    const target: GitSyncInstallationTarget | undefined = site ? { type: 'site', siteId: site.id } : space ? { type: 'space', spaceId: space.id } : undefined;
    return target ? send(() => w.api().git.installGitSyncProviderOnTarget({ provider: GitSyncInstallationProvider.Github, target })) : Promise.resolve();
  }),
  step('uninstallGitSync', 'git sync', n, (w, i) => {
    const installation = pick(w.state.gitSyncInstallations, i);
    return installation ? send(() => w.api().git.uninstallGitSyncInstallation(installation.id)) : Promise.resolve();
  }),
  // A font of a file the organization holds (starter's acme has two), else of a key naming none (a refusal).
  step('createFont', 'fonts', fc.record({ o: n, f: n, title }), (w, a) => {
    const o = org(w, a.o);
    const file = pick(w.state.storageFiles.filter((f) => f.parent === o && f.kind === 'customization_font'), a.f);
    const storageKey = file?.storageKey ?? 'customization_font/none/regular.woff2';
    return o ? send(() => w.api().orgs.createCustomFont(o, { fontFamily: a.title, fontFaces: [{ weight: 400, storageKey }] })) : Promise.resolve();
  }),
  step('deleteFont', 'fonts', n, (w, i) => {
    const font = pick(w.state.customFonts, i);
    return font ? send(() => w.api().orgs.deleteCustomFont(font.parent, font.id)) : Promise.resolve();
  }),

  // Updates of what the families above create.
  step('updateTeam', 'teams', fc.record({ t: n, title }), (w, a) => {
    const team = pick(w.state.teams, a.t);
    return team ? send(() => w.api().orgs.updateTeamInOrganizationById(team.organization, team.id, { title: a.title })) : Promise.resolve();
  }),
  step('updateInviteLink', 'invite links', fc.record({ l: n, role: fc.constantFrom(MemberRole.Read, MemberRole.Edit) }), (w, a) => {
    const link = pick(w.state.inviteLinks, a.l);
    return link ? send(() => w.api().orgs.updateOrganizationInviteById(link.organization, link.id, link.target ? { level: a.role } : { role: a.role })) : Promise.resolve();
  }),
  step('transferSpace', 'spaces', fc.record({ s: n, o: n }), (w, a) => {
    const space = pick(live(w.state), a.s);
    const to = pick(adminOrgs(w.state).filter((o) => o !== space?.organization), a.o);
    return space && to ? w.admin('POST', `/v1/spaces/${space.id}/transfer`, { organization: to }) : Promise.resolve();
  }),
  step('requestReviewers', 'change requests', fc.record({ c: n, u: n }), (w, a) => {
    const cr = pick(w.state.changeRequests.filter((c) => c.status === 'open' || c.status === 'draft'), a.c);
    const space = cr && w.state.spaces.find((s) => s.id === cr.space);
    const reviewer = space && pick(w.state.members.filter((m) => m.organization === space.organization && m.user !== cr.createdBy), a.u);
    return cr && reviewer ? send(() => w.api().spaces.requestReviewersForChangeRequest(cr.space, cr.id, { users: [reviewer.user] })) : Promise.resolve();
  }),
  step('removeRequestedReviewer', 'change requests', n, (w, i) => {
    const requested = pick(w.state.requestedReviewers, i);
    const cr = requested && w.state.changeRequests.find((c) => c.id === requested.changeRequest);
    return requested && cr ? send(() => w.api().spaces.removeRequestedReviewerFromChangeRequest(cr.space, cr.id, requested.user)) : Promise.resolve();
  }),
  step('updateChangeRequestComment', 'comments', fc.record({ c: n, resolved: fc.boolean() }), (w, a) => {
    const comment = pick(w.state.comments.filter((c) => c.changeRequest !== undefined), a.c);
    return comment?.changeRequest ? send(() => w.api().spaces.updateCommentInChangeRequest(comment.space, comment.changeRequest!, comment.id, { resolved: a.resolved })) : Promise.resolve();
  }),
  step('deleteChangeRequestComment', 'comments', n, (w, i) => {
    const comment = pick(w.state.comments.filter((c) => c.changeRequest !== undefined), i);
    return comment?.changeRequest ? send(() => w.api().spaces.deleteCommentInChangeRequest(comment.space, comment.changeRequest!, comment.id)) : Promise.resolve();
  }),
  step('updateReply', 'comments', fc.record({ r: n, text: title }), (w, a) => {
    const reply = pick(w.state.commentReplies, a.r);
    const comment = reply && w.state.comments.find((c) => c.id === reply.comment && c.changeRequest === undefined);
    return reply && comment ? send(() => w.api(reply.postedBy).spaces.updateCommentReplyInSpace(comment.space, comment.id, reply.id, { body: { markdown: a.text } })) : Promise.resolve();
  }),
  step('setAdaptiveSchema', 'sites', n, (w, i) => {
    const site = siteOf(w, i);
    const jsonSchema = { type: 'object' as const, properties: { isBetaUser: { type: 'boolean' as const, description: 'In the beta' } }, additionalProperties: false as const };
    return site ? send(() => w.api().orgs.updateSiteAdaptiveSchema(site.organization, site.id, { jsonSchema })) : Promise.resolve();
  }),
  step('publishSite', 'sites', fc.record({ s: n, publish: fc.boolean() }), (w, a) => {
    const site = siteOf(w, a.s);
    if (!site) return Promise.resolve();
    return a.publish ? send(() => w.api().orgs.publishSite(site.organization, site.id)) : send(() => w.api().orgs.unpublishSite(site.organization, site.id));
  }),
  step('updateChannel', 'channels', n, (w, i) => {
    const found = siteChild(w, w.state.siteChannels, i);
    return found ? send(() => w.api().orgs.updateSiteChannelById(found.site.organization, found.site.id, found.row.id, { role: SiteChannelRole.Support })) : Promise.resolve();
  }),
  step('updateMcpServer', 'mcp servers', fc.record({ m: n, title }), (w, a) => {
    const found = siteChild(w, w.state.siteMcpServers, a.m);
    return found ? send(() => w.api().orgs.updateSiteMcpServerById(found.site.organization, found.site.id, found.row.id, { name: a.title, headers: { 'x-team': 'docs' } })) : Promise.resolve();
  }),
  step('updateExternalLink', 'external links', fc.record({ l: n, g: n, toTop: fc.boolean() }), (w, a) => {
    const found = siteChild(w, w.state.siteExternalLinks, a.l);
    const group = found && pick(w.state.siteSectionGroups.filter((g) => g.site === found.site.id), a.g);
    return found ? send(() => w.api().orgs.updateSiteExternalLinkById(found.site.organization, found.site.id, found.row.id, { parent: a.toTop || !group ? null : group.id })) : Promise.resolve();
  }),
  step('updatePermission', 'permissions', fc.record({ p: n, role: fc.constantFrom(MemberRole.Read, MemberRole.Review, MemberRole.Admin) }), (w, a) => {
    const permission = pick(w.state.spacePermissions.filter((p) => p.user !== undefined), a.p);
    return permission?.user ? send(() => w.api().spaces.updateUserPermissionInSpace(permission.parent, permission.user!, { role: a.role })) : Promise.resolve();
  }),
  step('configureInstallation', 'integrations', fc.record({ i: n, on: fc.constantFrom('organization', 'space', 'site') }), (w, a) => {
    const configuration = { channel: '#docs', nested: { level: 1 } };
    if (a.on === 'organization') {
      const installation = pick(w.state.installations, a.i);
      return installation ? send(() => w.api().integrations.updateIntegrationInstallation(installation.integration, installation.id, { configuration })) : Promise.resolve();
    }
    const row = pick(a.on === 'site' ? w.state.siteInstallations : w.state.spaceInstallations, a.i);
    if (!row) return Promise.resolve();
    return a.on === 'site'
      ? send(() => w.api().integrations.updateIntegrationSiteInstallation(row.integration, row.installation, row.target, { configuration }))
      : send(() => w.api().integrations.updateIntegrationSpaceInstallation(row.integration, row.installation, row.target, { configuration }));
  }),
  step('createSamlProvider', 'saml', fc.record({ o: n, t: n, title }), (w, a) => {
    const o = org(w, a.o);
    const team = pick(w.state.teams.filter((t) => t.organization === o), a.t);
    return o ? send(() => w.api().orgs.createOrganizationSamlProvider(o, { label: a.title, ...(team ? { defaultTeam: team.id } : {}) })) : Promise.resolve();
  }),
  step('updateSamlProvider', 'saml', fc.record({ p: n, t: n }), (w, a) => {
    const provider = pick(w.state.samlProviders, a.p);
    const team = provider && pick(w.state.teams.filter((t) => t.organization === provider.organization), a.t);
    return provider && team ? send(() => w.api().orgs.updateOrganizationSamlProvider(provider.organization, provider.id, { defaultTeam: team.id })) : Promise.resolve();
  }),
];
