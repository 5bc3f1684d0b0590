/** A rule's decision (rules/decision.ts) in a handler: the allowed result, or the refusal thrown as the catalogue's error. */
import { ApiError, errors } from '../../contract/errors.ts';
import type { Refusal } from '../../rules/decision.ts';

/** `decision` if allowed; otherwise throws `error(refusal)`, by default 403 "You do not have permission to …" or the status with the reason. */
export function decided<T extends { ok: true }>(decision: T | Refusal, error?: (refusal: Refusal) => ApiError): T {
  if (decision.ok) return decision;
  if (error) throw error(decision);
  throw decision.status === 403 ? errors.forbidden(decision.reason) : new ApiError(decision.status, decision.reason);
}
