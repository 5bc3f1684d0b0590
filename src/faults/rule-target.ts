/**
 * A fault rule is checked against the route table when it is added: a rule that no route can
 * match (an operationId this server does not have, a path or template none of its routes
 * has, a method its operation does not take) would be kept and never fire, so it is a 400
 * naming the field, with the nearest name the table has (text/nearest.ts).
 */
import { didYouMean, nearest } from '../text/nearest.ts';
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
 * The operationIds nearest to `value`. GitBook's operationIds end in `ById` where a read takes
 * an id, and that is the part people leave out (`getSpace`), so a name is also compared without it.
 */
const nearestOperations = (value: string, names: string[]) => nearest(value, names, (name) => [name, name.replace(/byid$/, '')]);

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

/** Throws a 400 naming the first field of `rule` that leaves no route it could match. */
export function checkRuleTarget(rule: RuleTarget, rows: readonly RouteRow[]): void {
  let left = rows;
  if (rule.operationId !== undefined) {
    left = left.filter((row) => row.operationId === rule.operationId);
    if (left.length === 0) {
      const hint = nearestOperations(rule.operationId, rows.map((row) => row.operationId));
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
