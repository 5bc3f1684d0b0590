/** Response helpers shared by every resource group. */
import type { HandlerContext } from '../../contract/operation.ts';
import type { UserRecord } from '../../store/records.ts';
import { perRow } from '../../cache/caches.ts';

export const APP_ORIGIN = 'https://app.gitbook.com';

/** `urls.location`: where the object lives on this server's API. */
export function apiUrl(ctx: Pick<HandlerContext, 'origin'>, path: string): string {
  return `${ctx.origin}/v1${path}`;
}

/** What presenting reads of a request: the session's tables and this server's origin. */
export type Presenting = Pick<HandlerContext, 'db' | 'origin'>;

export function appUrl(path: string): string {
  return `${APP_ORIGIN}${path}`;
}

/**
 * A presented user depends only on the (immutable) user row and the server's origin, and
 * lists embed the same few users many times: each is built once per row and origin
 * (cache/caches.ts, perRow) and frozen, so no caller can change the shared object.
 */
const presentedUser = perRow((user: UserRecord, origin: string) =>
  Object.freeze({
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL && { photoURL: user.photoURL }),
    urls: Object.freeze({ location: apiUrl({ origin }, `/users/${user.id}`) }),
  }),
);

export function presentUser(ctx: Pick<HandlerContext, 'origin'>, user: UserRecord) {
  return presentedUser(user, ctx.origin);
}

/** The user by id, presented; a deleted user still shows as a placeholder. */
export function presentUserById(ctx: Presenting, userId: string) {
  const user = ctx.db.users.get(userId);
  if (user) return presentUser(ctx, user);
  return {
    object: 'user' as const,
    id: userId,
    displayName: 'Deleted user',
    urls: { location: apiUrl(ctx, `/users/${userId}`) },
  };
}
