/**
 * Scenario build step for the files of organizations' storage (`storageFiles`): each entry is
 * a file as if uploaded through generateStorageUploadURL, its bytes the entry's (base64) or
 * none. Built before the families, whose custom fonts name their files by key.
 *
 *   { "key": "acme-sans-regular", "organization": "acme", "name": "acme-sans-regular.woff2",
 *     "type": "font/woff2", "kind": "customization_font" }
 */
import type { Builder } from './builder.ts';
import type { ScenarioFile } from './types.ts';
import { storageKeyOf } from '../store/collections/storage-files.ts';

export function buildStorageFiles(b: Builder, files: NonNullable<ScenarioFile['storageFiles']>): void {
  files.forEach((entry, i) => {
    const path = `/storageFiles/${i}`;
    const id = b.declare('storageFiles', entry.key, path);
    const parent = b.ref('organizations', entry.organization, `${path}/organization`);
    const kind = entry.kind ?? 'organization_file';
    b.state.storageFiles.push({
      id,
      parent,
      createdAt: b.pastTime(1, 20),
      storageKey: entry.storageKey ?? storageKeyOf(kind, parent, id, entry.name),
      kind,
      name: entry.name,
      contentType: entry.type,
      content: entry.content ?? '',
    });
  });
}
