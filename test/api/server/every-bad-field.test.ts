/**
 * Issue 11 item 12: a refused request names every bad field (up to ten), each spelled as the
 * single-field 400s spell it, joined by "; ". Nothing changes on the refusal.
 */
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_FIELDS } from '../../../src/contract/schemas.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const COMMENTS = '/v1/spaces/{spaces.handbook}/comments';

describe('every bad field named', () => {
  it('names each bad field of a body, and changes nothing', async () => {
    const before = (await t.call('admin', 'GET', t.path(COMMENTS))).body.count;
    const res = await t.call('admin', 'POST', t.path(COMMENTS), { body: { markdown: 5 }, page: 7, node: 8, tableCell: {}, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.message.split('; ')).toEqual([
      'body.body.markdown must be string',
      'body.page must be string',
      'body.node must be string',
      'body.tableCell.record is required',
      'body.tableCell.definition is required',
    ]);
    expect((await t.call('admin', 'GET', t.path(COMMENTS))).body.count).toBe(before);
  });

  it('keeps the single-field message as it was', async () => {
    const res = await t.call('admin', 'POST', t.path(COMMENTS), { body: { markdown: 5 }, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('body.body.markdown must be string');
  });

  it('names each bad query parameter', async () => {
    const res = await t.call('admin', 'GET', `${t.path(COMMENTS)}?limit=-1&order=sideways`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('query.limit must be >= 0; query.order must be one of: "asc", "desc"');
  });

  it(`names at most ${MAX_NAMED_FIELDS} fields and counts the rest`, async () => {
    const nodes = Array.from({ length: 14 }, (_, i) => i);
    const res = await t.call('admin', 'POST', t.path(COMMENTS), { body: { document: { object: 'document', nodes } } });
    expect(res.status).toBe(400);
    const parts = res.body.error.message.split('; ');
    expect(parts).toHaveLength(MAX_NAMED_FIELDS + 1);
    expect(parts[0]).toBe('body.body.document.nodes[0] must be object');
    expect(parts[MAX_NAMED_FIELDS - 1]).toBe(`body.body.document.nodes[${MAX_NAMED_FIELDS - 1}] must be object`);
    expect(parts[MAX_NAMED_FIELDS]).toBe('and 4 more');
  });
});
