/** Response helpers shared by every resource group. */
import type { HandlerContext } from '../../http/operation.ts';
import type { UserRecord } from '../../store/records.ts';

export const APP_ORIGIN = 'https://app.gitbook.com';

/** `urls.location`: where the object lives on this server's API. */
export function apiUrl(ctx: HandlerContext, path: string): string {
  return `${ctx.origin}/v1${path}`;
}

export function appUrl(path: string): string {
  return `${APP_ORIGIN}${path}`;
}

/**
 * A presented user depends only on the (immutable) user row and the server's origin, and
 * lists embed the same few users many times: each is built once and frozen, so no caller
 * can change the shared object.
 */
const presentedUsers = new WeakMap<UserRecord, { origin: string; user: ReturnType<typeof buildUser> }>();

function buildUser(ctx: HandlerContext, user: UserRecord) {
  return Object.freeze({
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL && { photoURL: user.photoURL }),
    urls: Object.freeze({ location: apiUrl(ctx, `/users/${user.id}`) }),
  });
}

export function presentUser(ctx: HandlerContext, user: UserRecord) {
  const kept = presentedUsers.get(user);
  if (kept && kept.origin === ctx.origin) return kept.user;
  const presented = buildUser(ctx, user);
  presentedUsers.set(user, { origin: ctx.origin, user: presented });
  return presented;
}

/** The user by id, presented; a deleted user still shows as a placeholder. */
export function presentUserById(ctx: HandlerContext, userId: string) {
  const user = ctx.db.users.get(userId);
  if (user) return presentUser(ctx, user);
  return {
    object: 'user' as const,
    id: userId,
    displayName: 'Deleted user',
    urls: { location: apiUrl(ctx, `/users/${userId}`) },
  };
}
