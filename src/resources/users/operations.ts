/**
 * Users: the caller (`GET /v1/user`, what `gitbook auth` and `whoami` of @gitbook/cli ask
 * first) and any user by id (the `urls.location` of every presented user points there); a
 * user changes their own name and photo, and asks for a token of the notifications service.
 */
import { errors } from '../../contract/errors.ts';
import { type Operation } from '../../contract/operation.ts';
import { officialSchema } from '../engine/family.ts';
import { presentUser } from '../shared/present.ts';
import { officialOp } from '../engine/operations.ts';

export const userOperations: Operation[] = [
  officialOp('getAuthenticatedUser', {
    response: 'common/user',
    handle: (ctx) => presentUser(ctx, ctx.user),
  }),
  officialOp('getUserById', {
    response: 'common/user',
    handle: (ctx) => {
      const user = ctx.db.users.get(ctx.params.userId);
      if (!user) throw errors.notFound('User', ctx.params.userId);
      return presentUser(ctx, user);
    },
  }),
  officialOp('updateUserById', {
    handle: (ctx) => {
      const user = ctx.db.users.get(ctx.params.userId);
      if (!user) throw errors.notFound('User', ctx.params.userId);
      if (user.id !== ctx.user.id) throw errors.forbidden('change another user');
      const { displayName, photoURL } = ctx.body;
      const next = ctx.db.users.update(user.id, {
        ...(displayName !== undefined && { displayName }),
        ...(photoURL !== undefined && { photoURL }),
      });
      return presentUser(ctx, next);
    },
  }),
  officialOp('createUserNotificationsToken', {
    // The official operation takes no body: its schema is an open object's.
    body: officialSchema.body('createUserNotificationsToken'),
    // A token for GitBook's notifications service, which the mock does not run: made for the
    // caller and kept nowhere (the service would hand out a short-lived one each time).
    handle: (ctx) => ({ token: ctx.ids.token('notifications', 'gb_notif_') }),
  }),
];
