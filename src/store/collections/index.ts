/**
 * Every collection of the store, in its order: the order of an export, of a transaction's
 * changes and of the events they make. Adding a collection is one file of this folder (see
 * define.ts) and one line here; what is derived from the list checks it when it loads.
 */
import { users } from './users.ts';
import { organizations } from './organizations.ts';
import { members } from './members.ts';
import { inviteLinks } from './invite-links.ts';
import { teams } from './teams.ts';
import { teamMembers } from './team-members.ts';
import { spaces } from './spaces.ts';
import { revisions } from './revisions.ts';
import { comments } from './comments.ts';
import { commentReplies } from './comment-replies.ts';
import { changeRequests } from './change-requests.ts';
import { requestedReviewers } from './requested-reviewers.ts';
import { changeRequestReviews } from './change-request-reviews.ts';
import { sites } from './sites.ts';
import { siteSections } from './site-sections.ts';
import { siteSectionGroups } from './site-section-groups.ts';
import { siteSpaces } from './site-spaces.ts';
import { shareLinks } from './share-links.ts';
import { samlProviders } from './saml-providers.ts';
import { openapiSpecs } from './openapi-specs.ts';
import { openapiSpecVersions } from './openapi-spec-versions.ts';
import { translations } from './translations.ts';
import { siteRedirects } from './site-redirects.ts';
import { collections } from './collections.ts';
import { siteMcpServers } from './site-mcp-servers.ts';
import { siteChannels } from './site-channels.ts';
import { siteExternalLinks } from './site-external-links.ts';
import { storageFiles } from './storage-files.ts';
import { customFonts } from './custom-fonts.ts';
import { gitSyncInstallations } from './git-sync-installations.ts';
import { officialRecords } from './official-records.ts';
import { spacePermissions } from './space-permissions.ts';
import { collectionPermissions } from './collection-permissions.ts';
import { sitePermissions } from './site-permissions.ts';
import { integrations } from './integrations.ts';
import { installations } from './installations.ts';
import { spaceInstallations } from './space-installations.ts';
import { siteInstallations } from './site-installations.ts';

export const COLLECTIONS = [
  users,
  organizations,
  members,
  inviteLinks,
  teams,
  teamMembers,
  spaces,
  revisions,
  comments,
  commentReplies,
  changeRequests,
  requestedReviewers,
  changeRequestReviews,
  sites,
  siteSections,
  siteSectionGroups,
  siteSpaces,
  shareLinks,
  samlProviders,
  openapiSpecs,
  openapiSpecVersions,
  translations,
  // Resource-engine families (src/resources/families/): every one indexed by its parent.
  siteRedirects,
  collections,
  siteMcpServers,
  siteChannels,
  siteExternalLinks,
  storageFiles,
  customFonts,
  gitSyncInstallations,
  // Records of the generic tier (src/resources/generic/), by family and parent.
  officialRecords,
  spacePermissions,
  collectionPermissions,
  sitePermissions,
  // Integrations and their installations (src/resources/integrations/), whose events src/events/ sends.
  integrations,
  installations,
  spaceInstallations,
  siteInstallations,
] as const;

export type Declared = (typeof COLLECTIONS)[number];
export type CollectionName = Declared['name'];
/** The manifest's groups (`manifest.ids.<group>`). */
export type ManifestGroup = NonNullable<Declared['manifest']>[number];
/** The collections a scenario file has a list of. */
export type ScenarioListName = Exclude<Declared, { scenario?: undefined }>['name'];

/** The manifest's groups, in the order of the collections that declare them. */
export const MANIFEST_GROUPS: readonly ManifestGroup[] = COLLECTIONS.flatMap((declaration): readonly ManifestGroup[] => declaration.manifest ?? []);

/** Whether a declaration has a scenario list. */
function hasList(declaration: Declared): declaration is Extract<Declared, { name: ScenarioListName }> {
  return declaration.scenario !== undefined;
}

/** The scenario file's lists, in the order of the collections. */
export const SCENARIO_LISTS: readonly ScenarioListName[] = COLLECTIONS.filter(hasList).map((declaration) => declaration.name);

const NAMES = new Set<string>(COLLECTIONS.map((declaration) => declaration.name));

/** Whether `name` is a declared collection's (a reference's target is checked so when the list loads). */
export function isCollectionName(name: string): name is CollectionName {
  return NAMES.has(name);
}

/** What the check reads of a declaration. */
interface CheckedDeclaration {
  name: string;
  references: readonly { to: unknown }[];
  manifest?: readonly string[];
  params?: readonly string[];
  scenario?: { def: string };
}

/**
 * What the list must hold for what is derived from it: each name once, every reference to a
 * declared collection, each manifest group and path parameter claimed once. Run when the
 * module loads, so a wrong declaration fails every test, not one.
 */
export function checkDeclarations(declarations: readonly CheckedDeclaration[]): void {
  const names = new Set<string>();
  const claimed = new Map<string, string>();
  const claim = (what: string, by: string) => {
    const before = claimed.get(what);
    if (before !== undefined) throw new Error(`${what} is declared by both ${before} and ${by} (store/collections/)`);
    claimed.set(what, by);
  };
  for (const { name } of declarations) {
    if (names.has(name)) throw new Error(`collection ${name} is declared twice (store/collections/)`);
    names.add(name);
  }
  for (const { name, references, manifest = [], params = [], scenario } of declarations) {
    for (const reference of references) {
      if (typeof reference.to === 'string' && !names.has(reference.to)) throw new Error(`${name} refers to ${reference.to}, which no collection declares (store/collections/)`);
    }
    for (const group of manifest) claim(`manifest group ${group}`, name);
    for (const param of params) claim(`path parameter ${param}`, name);
    if (scenario) claim(`scenario entry ${scenario.def}`, name);
  }
}

checkDeclarations(COLLECTIONS);
