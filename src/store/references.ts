/**
 * What each collection's records point at, and what removing the record pointed at does to
 * them (as @mswjs/data's relations with `onDelete`). One declaration, keyed by collection:
 * the state importer checks every reference it names (scenarios/state-check.ts) and every
 * removal goes through `removeWithDependents` (removal.ts), so an export always imports back.
 *
 * - `cascade`: the record pointing goes too (and what points at it, in turn);
 * - `clear`: the record stays without the reference (the field removed, an id taken out of a
 *   list, or the object holding a nested reference set to `clearTo`);
 * - `retain`: the record pointed at stays while this one names it (an author outlives the
 *   installation that made it: its access goes with the installation, its name stays on what
 *   it wrote).
 *
 * A reference is a field of the record (an id, or a list of ids), or a key of an object the
 * record holds (`in`). `to` is the collection the id names, or a function of the record when
 * the record says which (`kind` of an invite link's target).
 */
import type { CollectionName, StateJson } from './store.ts';

export type OnDelete = 'cascade' | 'clear' | 'retain';

/** The record type of a collection. */
export type RecordOf<C extends CollectionName> = StateJson[C][number];

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** The fields of `T` that hold an id or a list of ids. */
type IdField<T> = { [K in keyof T]-?: NonNullable<T[K]> extends string | readonly string[] ? K : never }[keyof T];
/** The fields of `T` that hold an object (not a list). */
type ObjectField<T> = { [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[] ? never : NonNullable<T[K]> extends object ? K : never }[keyof T];

type Target<T> = CollectionName | ((row: T) => CollectionName | undefined);

/** A field of the record holding an id (or ids) of `to`. */
interface FieldReference<T> {
  field: IdField<T>;
  to: Target<T>;
  onDelete: OnDelete;
  /** The API takes any id here (the official document names none it checks): the importer checks nothing, a removal still applies `onDelete`. */
  loose?: true;
}

/** A key of an object the record holds (`in`), naming an id of `to`; cleared, the object becomes `clearTo` (absent when not given). */
type NestedReference<T> = {
  [K in ObjectField<T>]: { in: K; key: KeysOfUnion<NonNullable<T[K]>>; to: Target<T>; onDelete: OnDelete; clearTo?: null; loose?: true };
}[ObjectField<T>];

export type Reference<T> = FieldReference<T> | NestedReference<T>;

/** Every collection's references. A collection left out points at nothing. */
export type ReferenceDeclaration = { [C in CollectionName]?: readonly Reference<RecordOf<C>>[] };

/** A reference that goes with the record it is in: the record belongs to what it names. */
const owner = <T>(field: IdField<T>, to: CollectionName): FieldReference<T> => ({ field, to, onDelete: 'cascade' });
/** A reference to the user who wrote, made or asked for something: it keeps the user. */
const author = <T>(field: IdField<T>): FieldReference<T> => ({ field, to: 'users', onDelete: 'retain' });
/** A reference to a record that is only a preference or a place: removing it clears the field. */
const optional = <T>(field: IdField<T>, to: CollectionName): FieldReference<T> => ({ field, to, onDelete: 'clear' });

export const REFERENCES = {
  organizations: [{ in: 'defaultContent', key: 'site', to: 'sites', onDelete: 'clear', clearTo: null }],
  members: [owner('organization', 'organizations'), owner('user', 'users')],
  inviteLinks: [
    owner('organization', 'organizations'),
    { in: 'target', key: 'id', to: (link) => (link.target?.kind === 'collection' ? 'collections' : 'spaces'), onDelete: 'cascade' },
  ],
  teams: [owner('organization', 'organizations')],
  teamMembers: [owner('team', 'teams'), owner('user', 'users'), owner('organization', 'organizations')],
  spaces: [
    owner('organization', 'organizations'),
    owner('revision', 'revisions'),
    // moveSpace takes any parent id; a removed collection's spaces move to the top level.
    { field: 'parent', to: 'collections', onDelete: 'clear', loose: true },
  ],
  revisions: [owner('space', 'spaces'), owner('changeRequest', 'changeRequests'), owner('parents', 'revisions')],
  comments: [
    owner('space', 'spaces'),
    owner('changeRequest', 'changeRequests'),
    owner('revision', 'revisions'),
    author('postedBy'),
    author('resolvedBy'),
  ],
  commentReplies: [owner('comment', 'comments'), owner('space', 'spaces'), owner('changeRequest', 'changeRequests'), author('postedBy')],
  changeRequests: [
    owner('space', 'spaces'),
    author('createdBy'),
    owner('revision', 'revisions'),
    owner('revisionInitial', 'revisions'),
    owner('revisionMergedAncestor', 'revisions'),
    owner('revisionMerged', 'revisions'),
    author('mergedBy'),
    author('contributors'),
  ],
  requestedReviewers: [owner('changeRequest', 'changeRequests'), owner('user', 'users'), author('requestedBy'), owner('revision', 'revisions')],
  changeRequestReviews: [
    owner('changeRequest', 'changeRequests'),
    owner('space', 'spaces'),
    author('reviewer'),
    author('requestedBy'),
    owner('revision', 'revisions'),
    // The review stays when the comment posted with it is deleted.
    optional('comment', 'comments'),
  ],
  sites: [owner('organization', 'organizations'), optional('defaultSiteSection', 'siteSections'), optional('defaultSiteSpace', 'siteSpaces')],
  siteSections: [owner('site', 'sites'), optional('sectionGroup', 'siteSectionGroups'), optional('defaultSiteSpace', 'siteSpaces')],
  siteSectionGroups: [owner('site', 'sites'), optional('sectionGroup', 'siteSectionGroups')],
  siteSpaces: [owner('site', 'sites'), owner('section', 'siteSections'), owner('space', 'spaces')],
  shareLinks: [owner('site', 'sites')],
  samlProviders: [owner('organization', 'organizations'), optional('defaultTeam', 'teams')],
  openapiSpecs: [owner('organization', 'organizations')],
  openapiSpecVersions: [owner('spec', 'openapiSpecs')],
  translations: [owner('organization', 'organizations'), optional('source', 'spaces')],
  siteRedirects: [
    owner('parent', 'sites'),
    // A redirect goes with the section, site space or page's site space it sends to.
    { in: 'destination', key: 'siteSectionId', to: 'siteSections', onDelete: 'cascade' },
    { in: 'destination', key: 'siteSpaceId', to: 'siteSpaces', onDelete: 'cascade' },
  ],
  collections: [owner('parent', 'organizations'), optional('collection', 'collections')],
  siteMcpServers: [owner('parent', 'sites')],
  siteChannels: [owner('parent', 'sites')],
  siteExternalLinks: [owner('parent', 'sites'), optional('sectionGroup', 'siteSectionGroups')],
  gitSyncInstallations: [
    owner('organization', 'organizations'),
    author('createdBy'),
    { in: 'target', key: 'spaceId', to: 'spaces', onDelete: 'cascade' },
    { in: 'target', key: 'siteId', to: 'sites', onDelete: 'cascade' },
  ],
  spacePermissions: [owner('parent', 'spaces'), owner('user', 'users'), owner('team', 'teams')],
  collectionPermissions: [owner('parent', 'collections'), owner('user', 'users'), owner('team', 'teams')],
  sitePermissions: [owner('parent', 'sites'), owner('user', 'users'), owner('team', 'teams')],
  integrations: [owner('owner', 'organizations'), author('user')],
  installations: [owner('integration', 'integrations'), owner('organization', 'organizations'), author('user')],
  spaceInstallations: [owner('installation', 'installations'), owner('integration', 'integrations'), owner('target', 'spaces')],
  siteInstallations: [owner('installation', 'installations'), owner('integration', 'integrations'), owner('target', 'sites')],
} satisfies ReferenceDeclaration;

/** A reference seen apart from its collection's record type (for walks over every collection). */
export interface DeclaredReference {
  field?: PropertyKey;
  in?: PropertyKey;
  key?: PropertyKey;
  to: CollectionName | { pick(row: object): CollectionName | undefined }['pick'];
  onDelete: OnDelete;
  clearTo?: null;
  loose?: true;
}

/** One id a record names: where (`path`, e.g. `target.siteId`), into which collection, and what a removal does. */
export interface NamedId {
  path: string;
  to: CollectionName;
  id: string;
  reference: DeclaredReference;
}

/** The references declared for `collection` (none: it points at nothing). */
export function referencesFrom(collection: CollectionName): readonly DeclaredReference[] {
  const declared: { [C in CollectionName]?: readonly DeclaredReference[] } = REFERENCES;
  return declared[collection] ?? [];
}

/** Every id `row` names by `reference` (none when the field is absent). */
export function idsNamed(row: object, reference: DeclaredReference): NamedId[] {
  const to = typeof reference.to === 'function' ? reference.to(row) : reference.to;
  if (to === undefined) return [];
  const value = reference.in === undefined ? Reflect.get(row, reference.field ?? 'id') : nested(row, reference.in, reference.key ?? 'id');
  const ids: unknown[] = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return ids.map((id) => ({ path: pathOf(reference), to, id: String(id), reference }));
}

/** Where a reference is in its record: `field`, or `in.key`. */
export function pathOf(reference: DeclaredReference): string {
  return reference.in === undefined ? String(reference.field) : `${String(reference.in)}.${String(reference.key)}`;
}

function nested(row: object, field: PropertyKey, key: PropertyKey): unknown {
  const holder: unknown = Reflect.get(row, field);
  return typeof holder === 'object' && holder !== null ? Reflect.get(holder, key) : undefined;
}

/** Every id `row` of `collection` names, by every reference declared for it. */
export function referencesOf(collection: CollectionName, row: object): NamedId[] {
  return referencesFrom(collection).flatMap((reference) => idsNamed(row, reference));
}
