/**
 * What the store holds: internal records, not API objects. Records keep ids where the
 * API embeds objects, and hold no counts, permissions or URLs: those are derived when a
 * response is written (see each resource group's present module), so they never go stale.
 */
import type { Role } from '../auth/roles.ts';

export type Timestamp = string;

export interface UserRecord {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
  token: string;
  createdAt: Timestamp;
}

export interface OrganizationRecord {
  id: string;
  title: string;
  emailDomains: string[];
  hostname?: string;
  type: string;
  useCase?: string;
  communityType?: string;
  defaultRole: Role | null;
  defaultContent: { type: 'site'; site: string } | null;
  logo?: string;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: string;
  customHostname?: string;
  /** The organization's merge rules (absent: `{ type: 'none' }`). */
  mergeRules?: { type: 'none' } | { type: 'rules'; rules: Record<string, unknown>[] };
  createdAt: Timestamp;
}

/** A user's membership of an organization; id is `${organization}:${user}`. */
export interface MemberRecord {
  id: string;
  organization: string;
  user: string;
  role: Role | null;
  joinedAt: Timestamp;
  lastSeenAt?: Timestamp;
  sso: boolean;
  disabled: boolean;
}

export interface InviteLinkRecord {
  id: string;
  organization: string;
  /** The organization role it gives, or the level on its target. */
  role: Role | null;
  /** A link to a space or a collection of the organization; absent: to the organization. */
  target?: { kind: 'space' | 'collection'; id: string };
  createdAt: Timestamp;
}

export interface TeamRecord {
  id: string;
  organization: string;
  title: string;
  createdAt: Timestamp;
}

/** A user's membership of a team; id is `${team}:${user}`. */
export interface TeamMemberRecord {
  id: string;
  team: string;
  organization: string;
  user: string;
  role: 'owner' | 'member';
  joinedAt: Timestamp;
}

export interface GitSyncRecord {
  repoName: string;
  installationProvider: string;
  integration: string;
  url: string;
  ref?: string;
  updatedAt: Timestamp;
  /** Timestamp of the last applied git operation, to ignore out-of-order ones. */
  lastOperationAt?: Timestamp;
  /** The last operation applied, and when it ran (virtual clock). */
  lastOperation?: { direction: 'import' | 'export'; startedAt: Timestamp };
  installationId?: string;
}

export interface SpaceRecord {
  id: string;
  organization: string;
  title: string;
  emoji: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
  editMode: 'live' | 'locked';
  defaultLevel: Role | 'inherit' | null;
  /** The current (primary) revision. */
  revision: string;
  parent?: string;
  /** Order among siblings (ascending). */
  position: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt?: Timestamp;
  gitSync?: GitSyncRecord;
  language?: string;
  /** Icon URL (the official update body sets an icon instead of an emoji). */
  icon?: string;
  /** Absent means `{ type: 'inherit' }` (the organization's rules); else the space's own, as an organization's. */
  mergeRules?: { type: 'inherit' } | NonNullable<OrganizationRecord['mergeRules']>;
}

/** A content reference of a page's meta links, in the official ContentRef shape. */
export type MetaLinkTarget = { kind: 'page'; page: string; space?: string } | { kind: 'url'; url: string };

export interface PageRecord {
  id: string;
  title: string;
  slug: string;
  type: 'document';
  markdown: string;
  /** The id of the page's document (its markdown): a new one whenever the text is rewritten (rules/page-document.ts). */
  documentId: string;
  emoji?: string;
  description?: string;
  hidden?: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  pages: PageRecord[];
  git?: { oid: string; path: string };
  /** A computed page: its content is generated from the source when read (computed=true). */
  computed?: { type: 'builtin:openapi'; spec: string };
  /** The page's canonical link and its alternates (other languages or variants). */
  metaLinks?: { canonical?: MetaLinkTarget; alternates?: MetaLinkTarget[] };
}

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  dimensions?: { width: number; height: number };
  git?: { oid: string; path: string };
}

/** A block of content that pages of its space include: its body is markdown, named by `document` as a page's is by `documentId`. */
export interface ReusableContentRecord {
  id: string;
  title: string;
  markdown: string;
  /** The id of its document (rules/page-document.ts). */
  document: string;
  git?: { oid: string; path: string };
}

export interface RevisionRecord {
  id: string;
  space: string;
  /** Set when the revision belongs to a change request. */
  changeRequest?: string;
  parents: string[];
  type: 'edits' | 'merge' | 'update' | 'rollback' | 'git-import';
  pages: PageRecord[];
  files: FileRecord[];
  reusableContents: ReusableContentRecord[];
  variables: Record<string, string>;
  createdAt: Timestamp;
  git?: { oid: string; message: string; createdByService: boolean; url?: string; ref: string };
}

export interface ReactionRecord {
  emoji: string;
  users: { user: string; reactedAt: Timestamp }[];
}

export interface CommentRecord {
  id: string;
  space: string;
  changeRequest?: string;
  /** The revision the comment was posted on. */
  revision: string;
  postedBy: string;
  postedAt: Timestamp;
  editedAt?: Timestamp;
  body: { markdown: string };
  target: { page?: string; node?: string; tableCell?: { record: string; definition: string } };
  status: 'open' | 'resolved';
  resolvedAt?: Timestamp;
  resolvedBy?: string;
  /** Never changed in place (new comments share one empty list): an update writes a new array. */
  reactions: readonly ReactionRecord[];
}

export interface CommentReplyRecord {
  id: string;
  comment: string;
  space: string;
  changeRequest?: string;
  postedBy: string;
  postedAt: Timestamp;
  editedAt?: Timestamp;
  body: { markdown: string };
  /** As a comment's: never changed in place. */
  reactions: readonly ReactionRecord[];
}

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequestRecord {
  id: string;
  space: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  createdBy: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  mergedAt?: Timestamp;
  mergedBy?: string;
  agentTaskId?: string;
  /** Users who changed its content besides its creator (the `contributor` list filter). */
  contributors?: string[];
}

export interface RequestedReviewerRecord {
  /** `${changeRequest}:${user}` */
  id: string;
  changeRequest: string;
  user: string;
  requestedBy: string;
  revision: string;
  createdAt: Timestamp;
}

/** A review submitted on a change request (its outdated flag is derived: a newer one by the same reviewer). */
export interface ChangeRequestReviewRecord {
  id: string;
  changeRequest: string;
  space: string;
  reviewer: string;
  /** Who requested the review from the reviewer, when it was requested. */
  requestedBy?: string;
  /** The change request's revision the review was made against. */
  revision: string;
  status: 'approved' | 'changes-requested';
  /** The change-request comment posted with the review. */
  comment?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SiteRecord {
  id: string;
  organization: string;
  title: string;
  type: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
  published: boolean;
  hostname?: string;
  basename?: string;
  proxy?: { origin: string; target: string };
  agentsContext: 'excluded' | 'included';
  adaptiveContent: { enabled: boolean };
  /** Customization settings set by PUT .../customization (GitBook's defaults until then). */
  customization?: Record<string, unknown>;
  customizationUpdatedAt?: Timestamp;
  adaptiveSchema?: { jsonSchema: Record<string, unknown>; updatedAt: Timestamp };
  /** Site-level default role (official `defaultLevel`); absent means `inherit`. */
  defaultLevel?: Role | 'inherit' | null;
  defaultSiteSection?: string;
  defaultSiteSpace?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SiteSectionRecord {
  id: string;
  site: string;
  title: string;
  path: string;
  description?: string;
  condition?: string;
  icon?: string;
  sectionGroup?: string;
  /** The section's default site space. */
  defaultSiteSpace?: string;
  /** Draft items are left out of the published structure (official `draft`). */
  draft?: boolean;
  position: number;
  createdAt: Timestamp;
}

export interface SiteSectionGroupRecord {
  id: string;
  site: string;
  /** The group it sits in (official `sectionGroup`); absent at the top level. */
  sectionGroup?: string;
  title: string;
  icon?: string;
  draft?: boolean;
  position: number;
  createdAt: Timestamp;
}

export interface SiteSpaceRecord {
  id: string;
  site: string;
  /** The section it belongs to; absent at the root of a site without sections. */
  section?: string;
  space: string;
  path: string;
  condition?: string;
  draft?: boolean;
  hidden?: boolean;
  position: number;
  createdAt: Timestamp;
  /** Overrides of the site's customization (PATCH .../site-spaces/{id}/customization). */
  customization?: Record<string, unknown>;
  customizationUpdatedAt?: Timestamp;
}

export interface ShareLinkRecord {
  id: string;
  site: string;
  name: string;
  /** The secret that goes in `shareKey`. */
  key: string;
  active: boolean;
  createdAt: Timestamp;
}

export interface SamlProviderRecord {
  id: string;
  organization: string;
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string;
  defaultRole: Role | null;
  status: string;
  createdAt: Timestamp;
}

export interface OpenApiSpecRecord {
  id: string;
  organization: string;
  slug: string;
  sourceURL?: string;
  /** Who may read it through a public link (official OpenAPISpecVisibility); absent: `private`. */
  visibility?: 'private' | 'public';
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OpenApiSpecVersionRecord {
  id: string;
  spec: string;
  url: string;
  /** Name of the fixture file in fixtures/ that serves as the version's content. */
  fixture: string;
  /** The source text, for versions created from `source.text` (served instead of the fixture). */
  text?: string;
  createdAt: Timestamp;
}

export interface TranslationRecord {
  id: string;
  organization: string;
  title: string;
  languages: string[];
  /** Fields of the newer official shape (create with language and source). */
  language?: string;
  source?: string;
  target?: string;
  /** Language of the source space (official `source.language`). */
  sourceLanguage?: string;
  /** Translation instructions, an official JSONDocument. */
  instructions?: Record<string, unknown>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * What every record of a resource-engine family has (src/resources/engine/): its id, the id
 * of its parent (a site, an organization, ...), and its times.
 */
export interface EngineRecord {
  id: string;
  parent: string;
  createdAt: Timestamp;
  updatedAt?: Timestamp;
}

/**
 * A record of a generic family (src/resources/generic/): an official collection the mock has
 * no hand-written rows for, or an object kept once per parent (a singleton). `family` names
 * the collection (`/v1/orgs/{}/fonts`); `parent` is the id of the innermost path parameter
 * before it; `fields` are what its create and updates (or its scenario entry) gave, laid over
 * an object built from the official schema when it is read.
 */
export interface OfficialRecord extends EngineRecord {
  family: string;
  fields: { [field: string]: unknown };
  /** How many times a singleton's action (regenerate) made it anew: part of its seed. */
  generation?: number;
  /** The user whose request last wrote it: the author its object names (`createdBy`, `updatedBy`). */
  by?: string;
}

/** Where a site redirect sends its visitors (the official SiteRedirectDestination). */
export type SiteRedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

/** A redirect of a site (parent: the site). */
export interface SiteRedirectRecord extends EngineRecord {
  source: string;
  destination: SiteRedirectDestination;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
}

/** A collection of spaces (parent: its organization). */
export interface CollectionRecord extends EngineRecord {
  title: string;
  description?: string;
  /** The parent collection, if any. */
  collection?: string;
  defaultLevel: Role | 'inherit' | null;
}

/**
 * A role given on a space to one user or one team (parent: the space). Its id is
 * `<space>:user:<user>` or `<space>:team:<team>`: one grant per user or team and space.
 */
export interface SpacePermissionRecord extends EngineRecord {
  user?: string;
  team?: string;
  role: Role;
}

/** A role given on a collection to one user or one team (parent: the collection); ids as SpacePermissionRecord's. */
export type CollectionPermissionRecord = SpacePermissionRecord;

/** A role given on a site to one user or one team (parent: the site); ids as SpacePermissionRecord's. */
export type SitePermissionRecord = SpacePermissionRecord;

/** An MCP server a site offers its visitors' assistants (parent: the site). */
export interface SiteMcpServerRecord extends EngineRecord {
  name: string;
  url: string;
  transport: 'sse' | 'http';
  headers: Record<string, string>;
  /** An expression on the visitor's claims; absent: always available. */
  condition?: string;
}

/** A channel of a site's assistant (parent: the site): a Slack, Linear, GitHub... integration it answers in. */
export interface SiteChannelRecord extends EngineRecord {
  /** The official SiteChannelSetup `type` (`builtin:slack`, ...). */
  type: string;
  setupSettings: Record<string, unknown>;
  role: 'collaborator' | 'support';
}

/** A link to an outside URL in a site's structure (parent: the site), at the top level or in a section group. */
export interface SiteExternalLinkRecord extends EngineRecord {
  title: string;
  url: string;
  description?: string;
  icon?: string;
  sectionGroup?: string;
  draft: boolean;
  condition?: string;
  /** Its place among the external links of its container once sorted (sortSiteStructure); unsorted links follow, in creation order. */
  position?: number;
}

/**
 * A file uploaded to an organization's storage (parent: the organization), through the signed
 * URL generateStorageUploadURL gives, or declared by a scenario: its bytes as sent (base64), the
 * type and kind its upload URL was asked for, and the storage key the API names it by.
 */
export interface StorageFileRecord extends EngineRecord {
  /** The official StorageFileKey: `<kind>/<organization>/<upload>/<name>` for an upload. */
  storageKey: string;
  kind: 'customization_font' | 'import_file' | 'organization_file';
  name: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
}

/** A source of a font face kept as a URL: a font of a state exported before fonts kept their files. */
export interface FontSourceRecord {
  url: string;
  format?: 'woff2' | 'woff';
}

/** A custom font of an organization (parent: the organization), each face one weight's file. */
export interface CustomFontRecord extends EngineRecord {
  fontFamily: string;
  /** At least one, ordered by weight; `file`: the id of the face's storage file (or `sources` as an older state kept them). */
  faces: { weight: number; file?: string; sources?: FontSourceRecord[] }[];
}

/** A Git Sync installation on a space or a site (official GitSyncInstallation). */
export interface GitSyncInstallationRecord {
  id: string;
  organization: string;
  target: { type: 'space'; spaceId: string; siteId?: string } | { type: 'site'; siteId: string };
  provider: 'github' | 'gitlab';
  /** The provider's settings as last set (repositoryId or projectId, branch, ...); a GitLab access token is kept, never shown. */
  providerConfiguration: Record<string, unknown>;
  /** The common setup fields (projectDirectory, commitMessageTemplate, previewExternalBranches, agentInstructions, priority). */
  setup: Record<string, unknown>;
  createdBy: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Where and how the mock sends an integration's events (docs/behaviour.md, "Events"). */
export interface EventDelivery {
  /** An http(s) URL, or `mock:events` for the session's in-memory sink. */
  url: string;
  /** `runtime`: multipart `event` + `environment`, as GitBook calls an integration's script; `webhook`: the event as JSON, as the Webhook integration forwards it. */
  format: 'runtime' | 'webhook';
}

/** An integration of the catalogue; its id is its name (the official `integrationName`). */
export interface IntegrationRecord {
  id: string;
  title: string;
  description?: string;
  summary?: string;
  target: 'all' | 'site' | 'space' | 'organization';
  scopes: string[];
  categories: string[];
  visibility: 'public' | 'private' | 'unlisted';
  /** The organization that publishes it. */
  owner: string;
  version: number;
  /** The event types it subscribes to (its manifest's `events`). */
  events: string[];
  delivery?: EventDelivery;
  /** Key of the signatures on what the mock sends it (`signingSecrets.integration`). */
  signingSecret: string;
  /** What its manifest's `secrets` hold, by name: every event's `environment.secrets`. */
  secrets?: Record<string, string>;
  /** Its custom blocks, as published (the official IntegrationBlock: `id`, `title`, ...). */
  blocks?: Record<string, unknown>[];
  /** Its links, as published (the official IntegrationExternalLinks: `label`, `url`). */
  externalLinks?: { label: string; url: string }[];
  /** Development mode (`gitbook dev`): the tunnel its events go to, and whether all of them or its owner's only. */
  development?: { tunnelUrl: string; all: boolean };
  /** The user its integration token authenticates as. */
  user: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An integration installed on an organization. */
export interface InstallationRecord {
  id: string;
  integration: string;
  organization: string;
  status: 'active' | 'pending' | 'paused';
  configuration: Record<string, unknown>;
  spaceSelection: 'all' | 'selected';
  siteSelection: 'all' | 'selected';
  externalIds: string[];
  /** The user its installation tokens authenticate as (scopes: docs/behaviour.md). */
  user: string;
  /** Overrides the integration's delivery URL for this installation's events. */
  url?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An installation's presence on one space or site; id is `${installation}:${target}`. */
export interface ContentInstallationRecord {
  id: string;
  installation: string;
  integration: string;
  /** The space's or site's id. */
  target: string;
  status: 'active' | 'pending' | 'paused';
  configuration: Record<string, unknown>;
  externalIds: string[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
