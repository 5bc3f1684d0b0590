/** An organization's custom fonts: a family of the resource engine (src/resources/families/custom-fonts.ts). */
import type { CustomFontRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const customFonts = defineCollection<CustomFontRecord>()({
  name: 'customFonts',
  indexes: { parent: (r) => r.parent },
  // A face's file stays while a font names it.
  references: [owner('parent', 'organizations'), { in: 'faces', key: 'file', to: 'storageFiles', onDelete: 'retain' }],
  state: { record: 'CustomFontRecord', rules: { $ref: '#/$defs/engine', properties: { faces: { minItems: 1 } } } },
  scenario: {
    def: 'customFont',
    entry: {
      description: 'A custom font of an organization (resource engine, src/resources/families/custom-fonts.ts): each face a weight and the key of its file in `storageFiles`.',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        fontFamily: { type: 'string', minLength: 1, maxLength: 50 },
        fontFaces: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { weight: { type: 'integer', minimum: 1, maximum: 1000 }, file: { $ref: '#/$defs/key' } },
            required: ['weight', 'file'],
            additionalProperties: false,
          },
        },
      },
      required: ['key', 'organization', 'fontFamily', 'fontFaces'],
      additionalProperties: false,
    },
  },
  manifest: ['customFonts'],
  params: ['fontId'],
});
