/**
 * Whether an adaptive-content condition (a site section's or site space's `condition`, such as
 * `visitor.claims.isPartner === true`) holds for a visitor's claims. GitBook evaluates it as a
 * JavaScript expression; the mock parses it with jsep, a small, maintained parser of JavaScript
 * expressions that builds a syntax tree and runs nothing, so no condition a site holds can
 * execute code here. Only this subset is evaluated: member access from `visitor` (its `claims`,
 * signed, and `claims.unsigned`), literals, `===` `!==` `==` `!=` `<` `<=` `>` `>=`, `&&` `||`
 * `!`, parentheses and `.includes(x)` on an array or a string; and, as the template conditions
 * this mock derives from a visitor schema use them (rules/adaptive-schema.ts), `??`, `Boolean(x)`
 * `[...]` and `.length` of an array or a string. Anything else, a parse error or
 * a member read on nothing (as JavaScript would throw) makes the condition false: the visitor
 * does not see what it guards. The result is the expression's truthiness, as in JavaScript.
 */
import jsep from 'jsep';

type Node = jsep.Expression;

class NotEvaluated extends Error {}

const fail = (): never => {
  throw new NotEvaluated();
};

type Primitive = string | number | boolean | null | undefined;

function primitive(value: unknown): Primitive {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value) ? (value as Primitive) : fail();
}

function member(object: unknown, key: unknown): unknown {
  if (object === null || object === undefined) return fail();
  if (typeof key !== 'string' && typeof key !== 'number') return fail();
  if (Array.isArray(object) && key === 'length') return object.length;
  if (typeof object === 'string' && key === 'length') return object.length;
  return typeof object === 'object' && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

function compare(operator: string, a: unknown, b: unknown): boolean {
  switch (operator) {
    case '===': return a === b;
    case '!==': return a !== b;
  }
  const [x, y] = [primitive(a), primitive(b)] as [any, any];
  switch (operator) {
    case '==': return x == y;
    case '!=': return x != y;
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    case '>=': return x >= y;
  }
  return fail();
}

function includes(node: jsep.CallExpression, visitor: Record<string, unknown>): boolean {
  const callee = node.callee as jsep.MemberExpression;
  if (callee.type !== 'MemberExpression' || callee.computed || (callee.property as jsep.Identifier).name !== 'includes' || node.arguments.length !== 1) return fail();
  const target = evaluate(callee.object, visitor);
  const wanted = evaluate(node.arguments[0], visitor);
  if (Array.isArray(target)) return target.includes(wanted);
  if (typeof target === 'string' && typeof wanted === 'string') return target.includes(wanted);
  return fail();
}

function evaluate(node: Node, visitor: Record<string, unknown>): unknown {
  switch (node.type) {
    case 'Literal': return (node as jsep.Literal).value;
    case 'ArrayExpression': return (node as jsep.ArrayExpression).elements.map((e) => (e ? evaluate(e, visitor) : fail()));
    case 'Identifier': return (node as jsep.Identifier).name === 'visitor' ? visitor : fail();
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const key = m.computed ? evaluate(m.property, visitor) : (m.property as jsep.Identifier).name;
      return member(evaluate(m.object, visitor), key);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      return u.operator === '!' ? !evaluate(u.argument, visitor) : fail();
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return evaluate(b.left, visitor) && evaluate(b.right, visitor);
      if (b.operator === '||') return evaluate(b.left, visitor) || evaluate(b.right, visitor);
      if (b.operator === '??') return evaluate(b.left, visitor) ?? evaluate(b.right, visitor);
      return compare(b.operator, evaluate(b.left, visitor), evaluate(b.right, visitor));
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee as jsep.Identifier;
      if (callee.type === 'Identifier' && callee.name === 'Boolean' && call.arguments.length === 1) return Boolean(evaluate(call.arguments[0], visitor));
      return includes(call, visitor);
    }
  }
  return fail();
}

/** Whether `condition` holds for a visitor with `claims` (signed claims, the unsigned ones under `unsigned`). */
export function conditionHolds(condition: string, claims: Readonly<Record<string, unknown>>): boolean {
  try {
    return Boolean(evaluate(jsep(condition), { claims }));
  } catch {
    return false;
  }
}

/** Whether a row's `condition` lets a visitor with `claims` see it: no condition, or one that holds. */
export function opensFor(claims: Readonly<Record<string, unknown>>): (condition: string | undefined) => boolean {
  return (condition) => !condition || conditionHolds(condition, claims);
}
