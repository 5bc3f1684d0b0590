/** A request URL's query as the registrar reads it: names, repeated names, decoding, odd names. */
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../src/text/query.ts';

const base = 'http://127.0.0.1:4010/v1/spaces/abc/comments';

describe('queryOf', () => {
  it('gives nothing for a URL without a query, or with an empty one', () => {
    expect(queryOf(base)).toEqual({});
    expect(queryOf(`${base}?`)).toEqual({});
    expect(queryOf(`${base}?&&`)).toEqual({});
  });

  it('gives a name once as its text and a repeated name as its texts in order', () => {
    expect(queryOf(`${base}?limit=20&status=open&status=resolved&status=open`)).toEqual({ limit: '20', status: ['open', 'resolved', 'open'] });
  });

  it('gives a name without a value as an empty text, and drops a value without a name', () => {
    expect(queryOf(`${base}?flag&=orphan&x=`)).toEqual({ flag: '', x: '' });
  });

  it('decodes names and values: plus as a space, percent escapes as UTF-8', () => {
    expect(queryOf(`${base}?search=hello+world&na%6De=%E2%9C%93%20ok`)).toEqual({ search: 'hello world', name: '✓ ok' });
    // An encoded plus and ampersand are text, not separators.
    expect(queryOf(`${base}?q=a%2Bb%26c%3Dd`)).toEqual({ q: 'a+b&c=d' });
  });

  it('keeps a malformed escape as written and reads an invalid UTF-8 one as the replacement character', () => {
    expect(queryOf(`${base}?page=%7Bnot-a-cursor&bad=%zz&cut=%4`)).toEqual({ page: '{not-a-cursor', bad: '%zz', cut: '%4' });
    expect(queryOf(`${base}?q=%E9`)).toEqual({ q: '\uFFFD' });
  });

  it('stops at a fragment', () => {
    expect(queryOf(`${base}?limit=5#limit=7`)).toEqual({ limit: '5' });
  });

  it('takes names of Object.prototype as plain names and ignores __proto__', () => {
    const query = queryOf(`${base}?constructor=a&toString=b&toString=c&__proto__=x&__proto__=y&hasOwnProperty=d`);
    expect(query).toEqual({ constructor: 'a', toString: ['b', 'c'], hasOwnProperty: 'd' });
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.keys(query)).toEqual(['constructor', 'toString', 'hasOwnProperty']);
  });
});
