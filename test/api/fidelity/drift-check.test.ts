/** record's drift lines: an answer off the official schema is named; a served one is not. */
import { describe, expect, it } from 'vitest';
import { officialDriftCheck } from '../../../src/fidelity/drift-check.ts';
import { createMock } from '../../../src/app.ts';

describe('officialDriftCheck', () => {
  const check = officialDriftCheck()!;

  it('passes a space the mock serves and names what is wrong in a changed one', async () => {
    const mock = createMock({});
    const { tokens, ids } = mock.runtime.manifest;
    const path = `/v1/spaces/${ids.spaces.handbook}`;
    const body = await (await mock.fetch(new Request(`http://mock.local${path}`, { headers: { authorization: `Bearer ${tokens.admin}` } }))).json();
    expect(check('GET', path, 200, body)).toEqual([]);
    const { title: _title, ...renamed } = body;
    expect(check('GET', path, 200, { ...renamed, name: body.title })).toEqual([
      `drift: GET ${path} (getSpaceById) 200: / must have required property 'title'`,
    ]);
    expect(check('GET', '/v1/nowhere', 200, {})).toEqual([]);
  });
});
