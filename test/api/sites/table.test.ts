import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { SITE, SITES } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

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
    await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Guides', sections: [gb.id('siteSections', 'handbook-section')] });
    const res = await t.call('admin', 'GET', path);
    const validate = gb.mock!.runtime.schemas.strictValidator(schema);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
