/**
 * A fault rule is checked against the route table when it is added: a rule that no route can
 * match (an operationId this server does not have, a path or template none of its routes
 * has, a method its operation does not take) would be kept and never fire, so it is a 400
 * naming the field, with the nearest name the table has (edit distance, fastest-levenshtein).
 */
import { distance } from 'fastest-levenshtein';
import { errors } from '../contract/errors.ts';

/** What the check needs of an operation row. */
export interface RouteRow {
  operationId: string;
  method: string;
  path: string;
}

/** What a rule names of its target (all optional). */
export interface RuleTarget {
  operationId?: string;
  method?: string;
  path?: string;
}

const segments = (path: string) => path.replace(/\/+$/, '').split('/').filter(Boolean);
/** A template's shape: its parameters without their names (`/v1/spaces/{}`). */
const shape = (path: string) => segments(path).map((s) => (s.startsWith('{') ? '{}' : s)).join('/');

/** Whether a concrete path fits a template, segment by segment. */
function fits(template: string, path: string): boolean {
  const t = segments(template);
  const p = segments(path);
  return t.length === p.length && t.every((seg, i) => (seg.startsWith('{') ? p[i] !== '' : seg === p[i]));
}

/** Whether `rulePath` (a template or an exact path) selects the row, as FaultRules.take matches. */
function pathSelects(rulePath: string, row: RouteRow): boolean {
  return rulePath === row.path || (!rulePath.includes('{') && fits(row.path, rulePath));
}

/**
 * The names nearest to `value`, best first (at most three). GitBook's operationIds end in
 * `ById` where a read takes an id, and that is the part people leave out (`getSpace`), so a
 * name is also compared without it.
 */
function nearest(value: string, names: Iterable<string>): string[] {
  const wanted = value.toLowerCase();
  const scored = [...new Set(names)].map((name) => {
    const lower = name.toLowerCase();
    return { name, far: Math.min(distance(wanted, lower), distance(wanted, lower.replace(/byid$/, ''))) };
  });
  const limit = Math.max(3, Math.floor(value.length / 2));
  const near = scored.filter((s) => s.far <= limit).sort((a, b) => a.far - b.far || a.name.length - b.name.length);
  if (near[0]?.far === 0) return [near[0].name];
  return near.slice(0, 3).map((s) => s.name);
}

/** The template the table would use for `rulePath`, when there is a clear one. */
function pathHint(rulePath: string, rows: readonly RouteRow[]): string | undefined {
  const tries = rulePath.startsWith('/v1/') ? [rulePath] : [rulePath, `/v1${rulePath}`];
  for (const candidate of tries) {
    const sameShape = rows.find((row) => shape(row.path) === shape(candidate));
    if (sameShape) return sameShape.path;
    if (!candidate.includes('{')) {
      const fitting = rows.find((row) => fits(row.path, candidate));
      if (fitting) return candidate === rulePath ? fitting.path : candidate;
    }
  }
  return nearest(rulePath, rows.map((row) => row.path))[0];
}

const didYouMean = (hints: string | string[] | undefined) => {
  const list = hints === undefined ? [] : typeof hints === 'string' ? [hints] : hints;
  if (list.length === 0) return '';
  return `; did you mean ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`}?`;
};

/** Throws a 400 naming the first field of `rule` that leaves no route it could match. */
export function checkRuleTarget(rule: RuleTarget, rows: readonly RouteRow[]): void {
  let left = rows;
  if (rule.operationId !== undefined) {
    left = left.filter((row) => row.operationId === rule.operationId);
    if (left.length === 0) {
      const hint = nearest(rule.operationId, rows.map((row) => row.operationId));
      throw errors.badRequest(`body.operationId "${rule.operationId}" is not an operation of this server, so the rule would never match${didYouMean(hint)}`);
    }
  }
  const { path } = rule;
  if (path !== undefined) {
    const byPath = left.filter((row) => pathSelects(path, row));
    if (byPath.length === 0) {
      const all = rows.some((row) => pathSelects(path, row));
      if (all) {
        const op = left[0];
        throw errors.badRequest(`body.path "${path}" is not the path of ${op.operationId} (${op.method} ${op.path}), so the rule would never match`);
      }
      throw errors.badRequest(`body.path "${path}" is no route of this server, so the rule would never match${didYouMean(pathHint(path, left))}`);
    }
    left = byPath;
  }
  if (rule.method !== undefined && !left.some((row) => row.method === rule.method)) {
    const methods = [...new Set(left.map((row) => row.method))].join(', ');
    const what = rule.operationId ?? rule.path;
    throw errors.badRequest(`body.method ${rule.method} never matches${what ? ` ${what}, which takes ${methods}` : '; use one of GET, POST, PUT, PATCH, DELETE'}`);
  }
}
