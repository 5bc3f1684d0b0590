/** The files uploaded to an organization's storage (src/resources/organizations/storage.ts), which custom fonts point at. */
import type { StorageFileRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

/** The key the API names a file by (generateStorageUploadURL's `key`, a font face's `storageKey`): `<kind>/<organization id>/<file id>/<name>`. */
export function storageKeyOf(kind: StorageFileRecord['kind'], organization: string, file: string, name: string): string {
  return `${kind}/${organization}/${file}/${name}`;
}

export const storageFiles = defineCollection<StorageFileRecord>()({
  name: 'storageFiles',
  indexes: { parent: (r) => r.parent, storageKey: (r) => r.storageKey },
  references: [owner('parent', 'organizations')],
  state: { record: 'StorageFileRecord', rules: { $ref: '#/$defs/engine' } },
  scenario: {
    def: 'storageFile',
    entry: {
      description: "A file in an organization's storage, as if uploaded through generateStorageUploadURL (custom fonts name it by key).",
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        name: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^/]+$' },
        type: { description: 'Its content type (`font/woff2`).', type: 'string', minLength: 1, maxLength: 255 },
        kind: { enum: ['customization_font', 'import_file', 'organization_file'] },
        storageKey: { description: 'The key the API names it by; `<kind>/<organization id>/<file id>/<name>` when not given.', type: 'string', minLength: 1, maxLength: 512 },
        content: { description: 'Its bytes, base64; none when not given.', type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' },
      },
      required: ['key', 'organization', 'name', 'type'],
      additionalProperties: false,
    },
  },
  manifest: ['storageFiles'],
});
