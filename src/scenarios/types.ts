/** The scenario file format (schemas/scenario.json describes and validates it). */
import type { Role } from '../auth/roles.ts';

type Key = string;
/** An ISO date-time, or an ISO 8601 duration relative to the scenario's now ("-P3D"). */
type Time = string;
/** Emoji → keys of the users who reacted with it. */
type Reactions = Record<string, Key[]>;

export interface ScenarioPage {
  key: Key;
  /** Pins the id (see schemas/scenario.json); derived from seed and key without it. */
  id?: string;
  title: string;
  slug?: string;
  emoji?: string;
  description?: string;
  markdown?: string;
  hidden?: boolean;
  /** The page's times; the space's createdAt without them. */
  createdAt?: Time;
  updatedAt?: Time;
  /** Generated from an OpenAPI specification (its slug) when read. */
  computed?: { openapi: string };
  /** The canonical link and alternates GitBook's renderer reads (page meta links). */
  metaLinks?: { canonical?: ScenarioMetaLink; alternates?: ScenarioMetaLink[] };
  pages?: ScenarioPage[];
}

/** A page of any space, by key, or an address. */
export type ScenarioMetaLink = { page: Key } | { url: string };

export interface ScenarioSiteSpace {
  key: Key;
  id?: string;
  space: Key;
  path?: string;
  condition?: string;
  default?: boolean;
}

export interface ScenarioFile {
  description: string;
  extends?: Key;
  seed?: number;
  now?: string;
  generator?: { name: string; options?: Record<string, unknown> };
  users?: { key: Key; id?: string; displayName?: string; email?: string; photoURL?: string; token?: string }[];
  organizations?: {
    key: Key;
    /** Pins the id (see schemas/scenario.json); derived from seed and key without it. */
    id?: string;
    title?: string;
    emailDomains?: string[];
    hostname?: string;
    type?: string;
    plan?: string;
    defaultRole?: Role | null;
    sso?: boolean;
    ai?: boolean;
    inviteLinks?: boolean;
    createdAt?: Time;
    members?: { user: Key; role: Role | null; joinedAt?: Time; lastSeenAt?: Time; sso?: boolean; disabled?: boolean }[];
    invites?: { key: Key; role?: Role | null }[];
  }[];
  teams?: {
    key: Key;
    id?: string;
    organization: Key;
    title?: string;
    createdAt?: Time;
    members?: { user: Key; role?: 'owner' | 'member' }[];
  }[];
  spaces?: {
    key: Key;
    /** Pins the id (see schemas/scenario.json); derived from seed and key without it. */
    id?: string;
    organization: Key;
    title?: string;
    emoji?: string;
    visibility?: 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
    editMode?: 'live' | 'locked';
    defaultLevel?: Role | 'inherit' | null;
    createdAt?: Time;
    updatedAt?: Time;
    deletedAt?: Time;
    /** Pins the id of the space's first revision. */
    revision?: string;
    pages?: ScenarioPage[];
    files?: { key: Key; id?: string; name: string; contentType?: string; size?: number; width?: number; height?: number }[];
    /** Content its pages may include, keyed in the manifest (`reusableContents`); its body is a filler paragraph without `markdown`; `document` pins its document id. */
    reusableContents?: { key: Key; id?: string; title: string; markdown?: string; document?: string }[];
    variables?: Record<string, string>;
    /** Git Sync with a repository: a Git Sync installation on the space (keyed in the manifest) and the space's Git info. */
    gitSync?: { key: Key; id?: string; provider: 'github' | 'gitlab'; url: string; ref?: string; createdBy?: Key };
  }[];
  changeRequests?: {
    key: Key;
    /** Pins the id (see schemas/scenario.json); derived from seed and key without it. */
    id?: string;
    space: Key;
    subject?: string;
    status?: 'draft' | 'open' | 'archived' | 'merged';
    /** Pins the number in its space. */
    number?: number;
    /** Pins the id of the change request's revision. */
    revision?: string;
    /** A merged change request: pins the id of the merge revision, when and by whom. */
    revisionMerged?: string;
    mergedAt?: Time;
    mergedBy?: Key;
    createdBy: Key;
    createdAt?: Time;
    updatedAt?: Time;
    outdated?: boolean;
    reviewers?: { user: Key; requestedBy?: Key }[];
    /** Reviews submitted on it (keyed in the manifest under `changeRequestReviews`), made against its revision. */
    reviews?: { key: Key; reviewer: Key; status: 'approved' | 'changes-requested'; createdAt?: Time }[];
    changes?: { page: Key; title?: string; markdown?: string }[];
  }[];
  comments?: {
    key: Key;
    /** Pins the id (see schemas/scenario.json); derived from seed and key without it. */
    id?: string;
    space: Key;
    changeRequest?: Key;
    page?: Key;
    node?: string;
    author: Key;
    body: string;
    postedAt?: Time;
    editedAt?: Time;
    resolved?: { by: Key; at?: Time };
    reactions?: Reactions;
    replies?: { key?: Key; id?: string; author: Key; body: string; postedAt?: Time; editedAt?: Time; reactions?: Reactions }[];
  }[];
  sites?: {
    key: Key;
    /** Pins the id (see schemas/scenario.json); derived from seed and key without it. */
    id?: string;
    organization: Key;
    title?: string;
    type?: string;
    visibility?: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
    published?: boolean;
    hostname?: string;
    basename?: string;
    agentsContext?: 'excluded' | 'included';
    adaptiveContent?: boolean;
    adaptiveSchema?: Record<string, unknown>;
    createdAt?: Time;
    sectionGroups?: { key: Key; title: string; icon?: string }[];
    sections?: {
      key: Key;
      id?: string;
      title: string;
      path?: string;
      description?: string;
      condition?: string;
      icon?: string;
      group?: Key;
      default?: boolean;
      siteSpaces?: ScenarioSiteSpace[];
    }[];
    siteSpaces?: ScenarioSiteSpace[];
    shareLinks?: { key: Key; name?: string; active?: boolean; secret?: string }[];
  }[];
  samlProviders?: {
    key: Key;
    organization: Key;
    label?: string;
    entityID?: string;
    ssoURL?: string;
    certificate?: string;
    defaultTeam?: Key;
    defaultRole?: Role | null;
    createdAt?: Time;
  }[];
  openapiSpecs?: {
    key: Key;
    organization: Key;
    slug?: string;
    sourceURL?: string;
    createdAt?: Time;
    versions?: { key?: Key; url?: string; fixture?: string; createdAt?: Time }[];
  }[];
  translations?: { key: Key; organization: Key; title?: string; languages?: string[]; source?: Key; createdAt?: Time }[];
  /** Resource-engine families: each entry names its parent by key, the rest is the family's own (family.scenario). */
  collections?: FamilyEntry[];
  siteRedirects?: FamilyEntry[];
  siteMcpServers?: FamilyEntry[];
  siteChannels?: FamilyEntry[];
  siteExternalLinks?: FamilyEntry[];
  customFonts?: FamilyEntry[];
  /** Files of an organization's storage, as if uploaded (build-storage.ts): custom fonts name them by key. */
  storageFiles?: { key: Key; organization: Key; name: string; type: string; kind?: 'customization_font' | 'import_file' | 'organization_file'; storageKey?: string; content?: string }[];
  /** Records of the generic tier's families: the family by the operation that lists it, the parent by key. */
  officialRecords?: { key: Key; id?: string; family: string; parent: Key; fields?: Record<string, unknown>; refs?: Record<string, string> }[];
  integrations?: {
    key: Key;
    /** The official name (the id in the API); the key without it. */
    name?: string;
    title?: string;
    description?: string;
    /** The organization that publishes it. */
    owner: Key;
    scopes?: string[];
    categories?: string[];
    visibility?: 'public' | 'private' | 'unlisted';
    target?: 'all' | 'site' | 'space' | 'organization';
    /** The custom blocks it published. */
    blocks?: { id: string; title: string; description?: string }[];
    /** The event types it subscribes to (default: every type the mock sends). */
    events?: string[];
    /** Where its events go: an http(s) URL or `mock:events` (the session's sink); none without it. */
    url?: string;
    format?: 'runtime' | 'webhook';
    signingSecret?: string;
    /** Its secrets by name, or their names alone (values drawn from the seed). */
    secrets?: Record<string, string> | string[];
  }[];
  installations?: {
    key: Key;
    id?: string;
    integration: Key;
    organization: Key;
    status?: 'active' | 'pending' | 'paused';
    configuration?: Record<string, unknown>;
    externalIds?: string[];
    /** Spaces and sites (keys) it is installed on. */
    spaces?: Key[];
    sites?: Key[];
    /** The configuration of its installation on each of those spaces and sites, by key. */
    spaceConfigurations?: Record<Key, Record<string, unknown>>;
    siteConfigurations?: Record<Key, Record<string, unknown>>;
    /** Overrides the integration's delivery URL. */
    url?: string;
    token?: string;
  }[];
}

/** A scenario entry of an engine family: its key, its parent's key under the family's parent field, its fields. */
export type FamilyEntry = { key: Key } & Record<string, unknown>;
