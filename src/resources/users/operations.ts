/**
 * Users: the caller (`GET /v1/user`, what `gitbook auth` and `whoami` of @gitbook/cli ask
 * first) and any user by id (the `urls.location` of every presented user points there).
 */
import { errors } from '../../contract/errors.ts';
import { op, type Operation } from '../../contract/operation.ts';
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
];
