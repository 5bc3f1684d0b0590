/**
 * Every operation of the API, as one list of rows (one table per resource group), and
 * the few routes that are not API operations (files the mock serves itself).
 */
import type { Operation } from '../contract/operation.ts';
import { organizationOperations } from './organizations/operations.ts';
import { spaceOperations } from './spaces/operations.ts';
import { commentOperations } from './comments/operations.ts';
import { changeRequestOperations } from './change-requests/operations.ts';
import { siteOperations } from './sites/operations.ts';
import { userOperations } from './users/operations.ts';
import { systemOperations } from './system/operations.ts';
import { familyRows } from './families/index.ts';
import { collectionPermissionOperations, sitePermissionOperations, spacePermissionOperations } from './spaces/permissions.ts';
import { customHostnameOperations } from './custom-hostnames/operations.ts';
import { integrationOperations } from './integrations/operations.ts';
import { urlOperations } from './urls/operations.ts';
import { gitSyncInstallationOperations } from './git-sync/installations.ts';
import { gitSyncRepositoryOperations } from './git-sync/repositories.ts';
import { unservedOperations } from './unserved.ts';
import { FILE_ROWS } from './change-requests/operations.ts';
import { STORAGE_FILE_ROW, STORAGE_ROW } from './organizations/storage.ts';
import { audited, auditOperations } from './organizations/audit.ts';
import { askOperations } from './ask/operations.ts';
import { importOperations } from './organizations/imports.ts';
import { spaceBlockOperations } from './integrations/space-blocks.ts';

export const operations: readonly Operation[] = [
  ...spaceOperations,
  // Space comments and change-request comments: one set of rows built twice (comments/).
  ...commentOperations,
  ...changeRequestOperations,
  ...siteOperations,
  ...organizationOperations,
  ...userOperations,
  ...systemOperations,
  // Families of the resource engine (families/index.ts).
  ...familyRows,
  ...spacePermissionOperations,
  ...collectionPermissionOperations,
  ...sitePermissionOperations,
  ...customHostnameOperations,
  ...integrationOperations,
  ...urlOperations,
  ...gitSyncInstallationOperations,
  ...gitSyncRepositoryOperations,
  // Search and questions over sites and organizations (ask/), content import runs, a space's integration blocks.
  ...askOperations,
  ...importOperations,
  ...spaceBlockOperations,
  // The audit events every write leaves (organizations/audit.ts); their actions are the routed writes.
  ...auditOperations(() => routedOperations),
];

/**
 * The `official/...` schema ids rows name (what `npm run official-schemas` writes, from the
 * official document), but those of the generic file (`official/generic#/$defs/...`), which a
 * row names where its answer's schema is too large to copy into a file of its own.
 */
export function officialSchemaIds(): string[] {
  const ids = new Set<string>();
  for (const row of operations) for (const id of [row.body, row.query, row.response]) if (id?.startsWith('official/') && !id.startsWith('official/generic#')) ids.add(id);
  return [...ids];
}

/**
 * What the server routes: the hand-written operations, then a generic row (resources/generic/)
 * for every official operation none of them answers. Coverage, the mock's OpenAPI document
 * and `npm run drift` count them all. Each write leaves an audit event in its organization.
 */
export const routedOperations: readonly Operation[] = [...operations, ...unservedOperations(operations)].map(audited);

/**
 * Rows outside the API (no token): the PDF files the PDF operation links to (a signed URL),
 * the downloads of content files, and the uploads to the signed URLs of generateStorageUploadURL
 * and the files they keep.
 * build-mock.ts registers them with the session they read.
 */
export const fileRows = [...FILE_ROWS, STORAGE_ROW, STORAGE_FILE_ROW];
