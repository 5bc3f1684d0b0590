/**
 * Joining an organization: members invited by e-mail (inviteUsersToOrganization), and a user
 * joining one whose e-mail domains hold theirs (joinOrganization). An invited e-mail that no
 * user has yet becomes a user (named by the e-mail until they set a name) and a member at once,
 * as GitBook counts them among the members straight away.
 */
import { errors } from '../../contract/errors.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { Role } from '../../auth/roles.ts';
import type { UserRecord } from '../../store/records.ts';
import { officialSchema } from '../engine/family.ts';
import { requireOrgAdmin } from '../shared/org-lookup.ts';
import { officialOp } from '../engine/operations.ts';

type Invite = string | { email: string; role: Role | null };

/** The user with `email` (case aside), or a new one. */
function userWithEmail(ctx: HandlerContext, email: string): UserRecord {
  const lower = email.toLowerCase();
  const found = ctx.db.users.find((u) => u.email.toLowerCase() === lower);
  if (found) return found;
  return ctx.db.users.insert({
    id: ctx.ids.next('user'),
    displayName: email,
    email,
    token: ctx.ids.token('user', 'gb_api_', (token) => ctx.db.users.countBy('token', token) > 0),
    createdAt: ctx.now,
  });
}

function addMember(ctx: HandlerContext, organization: string, user: string, role: Role | null, sso: boolean): void {
  ctx.db.members.insert({ id: `${organization}:${user}`, organization, user, role, joinedAt: ctx.now, sso, disabled: false });
}

export const membershipOperations: Operation[] = [
  officialOp('inviteUsersToOrganization', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'invite members');
      const body = ctx.body as { emails: Invite[]; role?: Role | null; sso?: boolean };
      const fallback = body.role === undefined ? org.defaultRole : body.role;
      const users: string[] = [];
      for (const invite of body.emails) {
        const [email, role] = typeof invite === 'string' ? [invite, fallback] : [invite.email, invite.role];
        const user = userWithEmail(ctx, email);
        // Already a member (or invited twice in one body): nothing to add.
        if (ctx.db.members.get(`${org.id}:${user.id}`) || users.includes(user.id)) continue;
        addMember(ctx, org.id, user.id, role, body.sso ?? false);
        users.push(user.id);
      }
      return { users, invited: users.length };
    },
  }),
  officialOp('joinOrganization', {
    // The official operation takes no body: its schema is an open object's.
    body: officialSchema.body('joinOrganization'),
    handle: (ctx) => {
      const org = ctx.db.organizations.get(ctx.params.organizationId);
      if (!org) throw errors.notFound('Organization', ctx.params.organizationId);
      // Already in (a disabled member too: enabling is the admins' call).
      if (ctx.db.members.get(`${org.id}:${ctx.user.id}`)) return reply(undefined, {});
      const domain = ctx.user.email.toLowerCase().split('@')[1] ?? '';
      if (!org.emailDomains.some((d) => d.toLowerCase() === domain)) {
        throw errors.badRequest(`Your e-mail domain "${domain}" is not one of the organization's`);
      }
      addMember(ctx, org.id, ctx.user.id, org.defaultRole, false);
      return reply(undefined, {});
    },
  }),
];
