/**
 * verify's comparison sees what changed upstream in a list and in a record (issue 44): after a
 * space is deleted upstream and another renamed, the mock's list differs by one item and one title.
 */
import { describe, expect, it } from 'vitest';
import { compareAnswers } from '../../../src/fidelity/compare.ts';

const space = (id: string, title: string) => ({ object: 'space', id, title, createdAt: `2026-01-0${id.length}T00:00:00Z`, urls: { app: `https://app.example/${id}` } });

describe('compareAnswers', () => {
  it('names the items only one list has and the fields of a common item that differ', () => {
    const upstream = { status: 200, body: { items: [space('a1', 'Handbook (renamed)')] } };
    const mock = { status: 200, body: { items: [space('a1', 'Handbook'), space('b22', 'Old notes')] } };
    expect(compareAnswers(upstream, mock)).toEqual([
      'item .items[id=b22] only mock',
      'value of .items[].title: "Handbook (renamed)" upstream, "Handbook" mock',
    ]);
  });

  it('compares the values of one record read on both sides, but not its times and URLs', () => {
    const upstream = { status: 200, body: { ...space('a1', 'New title'), createdAt: '2026-02-01T00:00:00Z', urls: { app: 'https://real.example/a1' } } };
    const mock = { status: 200, body: space('a1', 'Old title') };
    expect(compareAnswers(upstream, mock)).toEqual(['value of .title: "New title" upstream, "Old title" mock']);
  });
});
