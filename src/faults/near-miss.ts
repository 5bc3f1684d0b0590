/**
 * For a request that matched no operation: the closest operations, named in its 404.
 * Close means the same path with another method, or a path one segment off (one segment
 * different, or one more or one fewer) with the same method. Among paths one segment off, a
 * misspelt segment ranks before an extra or missing one, the fewer letters apart the sooner
 * (edit distance from fastest-levenshtein, a small well-kept library).
 */
import { distance as editDistance } from 'fastest-levenshtein';
import { ApiError } from '../contract/errors.ts';
import type { Operation } from '../contract/operation.ts';

const segments = (path: string) => path.replace(/\/+$/, '').split('/').filter(Boolean);
const fits = (template: string, actual: string) => template.startsWith('{') || template === actual;

/**
 * How far a request path is from an operation's template: 0 when it fits, between 0 and 1
 * when one literal segment is misspelt (the share of its letters that differ), 1 for one
 * segment more or fewer, Infinity past that.
 */
function distance(template: string[], actual: string[]): number {
  if (template.length === actual.length) {
    let off = 0;
    let letters = 0;
    for (let i = 0; i < actual.length; i++) {
      if (fits(template[i], actual[i])) continue;
      off++;
      letters = editDistance(template[i], actual[i]) / Math.max(template[i].length, actual[i].length);
    }
    return off === 0 ? 0 : off === 1 ? Math.min(letters, 0.99) : Infinity;
  }
  const [long, short] = template.length > actual.length ? [template, actual] : [actual, template];
  if (long.length - short.length !== 1) return Infinity;
  // one extra segment anywhere in the longer path
  for (let skip = 0; skip < long.length; skip++) {
    const rest = long.filter((_, i) => i !== skip);
    const ok = rest.every((seg, i) => (long === template ? fits(seg, short[i]) : fits(short[i], seg)));
    if (ok) return 1;
  }
  return Infinity;
}

export function closest(method: string, path: string, operations: readonly Operation[], limit = 3): Operation[] {
  const actual = segments(path);
  const samePath = operations.filter((op) => op.method !== method && distance(segments(op.path), actual) === 0);
  const oneOff = operations
    .filter((op) => op.method === method)
    .map((op) => ({ op, far: distance(segments(op.path), actual) }))
    .filter(({ far }) => far > 0 && far <= 1)
    .sort((a, b) => a.far - b.far)
    .map(({ op }) => op);
  return [...samePath, ...oneOff].slice(0, limit);
}

/**
 * A path under `/v1/v1/`: a client whose endpoint already ends in `/v1` (the official client
 * and the GitBook CLI add `/v1` themselves). Says so, and names the operation meant.
 */
function doubledPrefix(error: ApiError, method: string, path: string, operations: readonly Operation[]): ApiError | undefined {
  if (!/^\/v1\/v1(\/|$)/.test(path)) return undefined;
  const meant = path.slice(3);
  const op = operations.find((o) => o.method === method && distance(segments(o.path), segments(meant)) === 0);
  const what = op ? `; ${method} ${meant} is ${op.operationId}` : '';
  return new ApiError(
    404,
    `${error.message}: the path has /v1 twice, so the client's endpoint probably ends in /v1 already; drop the /v1 from the endpoint (http://HOST:PORT, not http://HOST:PORT/v1)${what}`,
  );
}

/** The route-not-found error, with the closest operations added to its message. */
export function nearMiss(error: ApiError, method: string, path: string, operations: readonly Operation[]): ApiError {
  const doubled = doubledPrefix(error, method, path, operations);
  if (doubled) return doubled;
  const near = closest(method, path, operations);
  if (near.length === 0) return error;
  const names = near.map((op) => `${op.operationId} (${op.method} ${op.path})`).join(', ');
  return new ApiError(404, `${error.message}; closest operations: ${names}`);
}
