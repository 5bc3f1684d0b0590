import { describe, expect, it } from 'vitest';
import { createTestMock } from '../../helpers/mock.ts';
import { SITE, SITES } from './helpers.ts';

describe('our own resource schemas', () => {
  it.each([
    [SITES, 'sites/site-list'],
    [SITE, 'sites/site'],
    [`${SITE}/published`, 'sites/published-site'],
    [`${SITE}/sections`, 'sites/site-section-list'],
    [`${SITE}/site-spaces`, 'sites/site-space-list'],
    [`${SITE}/share-links`, 'sites/share-link-list'],
    [`${SITE}/adaptive-schema/template-conditions`, 'sites/template-conditions'],
  ])('GET %s matches %s', async (path, schema) => {
    const t = createTestMock();
    await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Guides', sections: [t.id('siteSections', 'handbook-section')] });
    const res = await t.call('admin', 'GET', path);
    const validate = t.mock.runtime.schemas.strictValidator(schema);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
