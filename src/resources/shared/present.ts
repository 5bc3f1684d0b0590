/** Response helpers shared by every resource group. */
import type { HandlerContext } from '../../http/operation.ts';
import type { UserRecord } from '../../store/records.ts';

type Ctx = HandlerContext<unknown, unknown, unknown>;

export const APP_ORIGIN = 'https://app.gitbook.com';

/** `urls.location`: where the object lives on this server's API. */
export function apiUrl(ctx: Ctx, path: string): string {
  return `${ctx.origin}/v1${path}`;
}

export function appUrl(path: string): string {
  return `${APP_ORIGIN}${path}`;
}

export function presentUser(ctx: Ctx, user: UserRecord) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL && { photoURL: user.photoURL }),
    urls: { location: apiUrl(ctx, `/users/${user.id}`) },
  };
}

/** The user by id, presented; a deleted user still shows as a placeholder. */
export function presentUserById(ctx: Ctx, userId: string) {
  const user = ctx.rt.db.users.get(userId);
  if (user) return presentUser(ctx, user);
  return {
    object: 'user' as const,
    id: userId,
    displayName: 'Deleted user',
    urls: { location: apiUrl(ctx, `/users/${userId}`) },
  };
}
