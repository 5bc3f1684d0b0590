/**
 * Users: the caller (`GET /v1/user`, what `gitbook auth` and `whoami` of @gitbook/cli ask
 * first) and any user by id (the `urls.location` of every presented user points there); a
 * user changes their own name and photo, and asks for a token of the notifications service.
 */
import { errors } from '../../contract/errors.ts';
import { op, type Operation } from '../../contract/operation.ts';
import { officialSchema } from '../engine/family.ts';
import { officialRow } from '../engine/operations.ts';
import { presentUser } from '../shared/present.ts';

export const userOperations: Operation[] = [
  op({
    operationId: 'getAuthenticatedUser',
    method: 'GET',
    path: '/v1/user',
    status: 200,
    response: 'common/user',
    official: true,
    handle: (ctx) => presentUser(ctx, ctx.user),
  }),
  op({
    operationId: 'getUserById',
    method: 'GET',
    path: '/v1/users/{userId}',
    status: 200,
    response: 'common/user',
    official: true,
    handle: (ctx) => {
      const user = ctx.db.users.get(ctx.params.userId);
      if (!user) throw errors.notFound('User', ctx.params.userId);
      return presentUser(ctx, user);
    },
  }),
  op({
    ...officialRow('updateUserById'),
    status: 200,
    body: officialSchema.body('updateUserById'),
    response: officialSchema.response('updateUserById'),
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
  op({
    ...officialRow('createUserNotificationsToken'),
    status: 200,
    // The official operation takes no body: its schema is an open object's.
    body: officialSchema.body('createUserNotificationsToken'),
    response: officialSchema.response('createUserNotificationsToken'),
    // A token for GitBook's notifications service, which the mock does not run: made for the
    // caller and kept nowhere (the service would hand out a short-lived one each time).
    handle: (ctx) => ({ token: ctx.ids.token('notifications', 'gb_notif_') }),
  }),
];
