/** A site's redirects: a family of the resource engine (src/resources/families/site-redirects.ts). */
import type { SiteRedirectRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const siteRedirects = defineCollection<SiteRedirectRecord>()({
  name: 'siteRedirects',
  indexes: { parent: (r) => r.parent },
  references: [
    owner('parent', 'sites'),
    // A redirect goes with the section, site space or page's site space it sends to.
    { in: 'destination', key: 'siteSectionId', to: 'siteSections', onDelete: 'cascade' },
    { in: 'destination', key: 'siteSpaceId', to: 'siteSpaces', onDelete: 'cascade' },
  ],
  state: { record: 'SiteRedirectRecord', rules: { $ref: '#/$defs/engine' } },
  scenario: {
    def: 'siteRedirect',
    entry: {
      description: 'A redirect of a site (resource engine, src/resources/families/site-redirects.ts).',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        site: { $ref: '#/$defs/key' },
        source: { $ref: '/official/createSiteRedirect-body#/$defs/SiteRedirectSourcePath' },
        destination: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'external' }, url: { type: 'string', format: 'uri' } },
              required: ['kind', 'url'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { const: 'site-space' }, siteSpace: { $ref: '#/$defs/key' } },
              required: ['kind', 'siteSpace'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { const: 'site-section' }, siteSection: { $ref: '#/$defs/key' } },
              required: ['kind', 'siteSection'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { const: 'site-page' }, siteSpace: { $ref: '#/$defs/key' }, page: { $ref: '#/$defs/key' } },
              required: ['kind', 'siteSpace', 'page'],
              additionalProperties: false,
            },
          ],
        },
        draft: { type: 'boolean' },
        captureWildcard: { type: 'boolean' },
        permanent: { type: 'boolean' },
      },
      required: ['key', 'site', 'source', 'destination'],
      additionalProperties: false,
    },
  },
  manifest: ['siteRedirects'],
  params: ['siteRedirectId'],
});
