/** Scenario build steps for users, organizations, members, teams, SAML, OpenAPI specs and translations. */
import { deriveId } from '../ids.ts';
import type { Builder } from './builder.ts';
import type { ScenarioFile } from './types.ts';
import { DEFAULT_SPEC_FIXTURE } from '../resources/shared/openapi-content.ts';

export function buildUsers(b: Builder, users: NonNullable<ScenarioFile['users']>): void {
  users.forEach((u, i) => {
    const path = `/users/${i}`;
    const id = b.declare('users', u.key, path, u.id);
    const displayName = u.displayName ?? b.fill.property<string>('common/user', 'displayName');
    const token = u.token ?? `gb_api_${deriveId(`${b.seed}:token:${u.key}`, 32)}`;
    b.tokens[u.key] = token;
    b.state.users.push({
      id,
      displayName,
      email: u.email ?? `${u.key}@${b.faker.internet.domainName()}`.toLowerCase(),
      photoURL: u.photoURL ?? `https://avatars.gitbook-mock.local/${id}.png`,
      token,
      createdAt: b.pastTime(200, 400),
    });
  });
}

export function buildOrganizations(b: Builder, orgs: NonNullable<ScenarioFile['organizations']>): void {
  orgs.forEach((o, i) => {
    const path = `/organizations/${i}`;
    const id = b.declare('organizations', o.key, path, o.id);
    const title = o.title ?? b.fill.property<string>('organizations/organization', 'title');
    b.state.organizations.push({
      id,
      title,
      emailDomains: o.emailDomains ?? [],
      hostname: o.hostname ?? b.fill.property<string>('organizations/organization', 'hostname'),
      type: o.type ?? 'business',
      plan: o.plan ?? 'free_2024',
      defaultRole: o.defaultRole === undefined ? 'read' : o.defaultRole,
      defaultContent: null,
      sso: o.sso ?? false,
      ai: o.ai ?? true,
      inviteLinks: o.inviteLinks ?? true,
      createdAt: b.time(o.createdAt, `${path}/createdAt`, 365 * 86_400_000),
    });
    const seen = new Set<string>();
    (o.members ?? []).forEach((m, j) => {
      const mpath = `${path}/members/${j}`;
      const user = b.ref('users', m.user, `${mpath}/user`);
      if (seen.has(user)) b.fail(mpath, `user "${m.user}" is already a member`);
      seen.add(user);
      b.state.members.push({
        id: `${id}:${user}`,
        organization: id,
        user,
        role: m.role,
        joinedAt: b.time(m.joinedAt, `${mpath}/joinedAt`, 180 * 86_400_000 - j * 3_600_000),
        ...(m.lastSeenAt && { lastSeenAt: b.time(m.lastSeenAt, `${mpath}/lastSeenAt`) }),
        sso: m.sso ?? false,
        disabled: m.disabled ?? false,
      });
    });
    (o.invites ?? []).forEach((inv, j) => {
      b.state.inviteLinks.push({
        // Named in the manifest (`inviteLinks`), with the id it always had.
        id: b.declare('inviteLinks', inv.key, `${path}/invites/${j}`, deriveId(`${b.seed}:invite:${o.key}:${inv.key}`)),
        organization: id,
        role: inv.role === undefined ? 'read' : inv.role,
        createdAt: b.pastTime(1, 30),
      });
    });
  });
}

export function buildTeams(b: Builder, teams: NonNullable<ScenarioFile['teams']>): void {
  teams.forEach((t, i) => {
    const path = `/teams/${i}`;
    const id = b.declare('teams', t.key, path, t.id);
    const organization = b.ref('organizations', t.organization, `${path}/organization`);
    b.state.teams.push({
      id,
      organization,
      title: t.title ?? `${b.faker.word.adjective()} team`.replace(/^./, (c) => c.toUpperCase()),
      createdAt: b.time(t.createdAt, `${path}/createdAt`, 90 * 86_400_000),
    });
    (t.members ?? []).forEach((m, j) => {
      const mpath = `${path}/members/${j}`;
      const user = b.ref('users', m.user, `${mpath}/user`);
      if (!b.state.members.some((mm) => mm.organization === organization && mm.user === user)) {
        b.fail(`${mpath}/user`, `user "${m.user}" is not a member of organization "${t.organization}"`);
      }
      b.state.teamMembers.push({
        id: `${id}:${user}`,
        team: id,
        organization,
        user,
        role: m.role ?? 'member',
        joinedAt: b.pastTime(1, 60),
      });
    });
  });
}

export function buildSamlProviders(b: Builder, providers: NonNullable<ScenarioFile['samlProviders']>): void {
  providers.forEach((p, i) => {
    const path = `/samlProviders/${i}`;
    const id = b.declare('samlProviders', p.key, path);
    const organization = b.ref('organizations', p.organization, `${path}/organization`);
    const defaultTeam = p.defaultTeam ? b.ref('teams', p.defaultTeam, `${path}/defaultTeam`) : undefined;
    const label = p.label ?? p.key.slice(0, 30);
    b.state.samlProviders.push({
      id,
      organization,
      label,
      entityID: p.entityID ?? `http://www.${p.key}.test/${deriveId(p.key, 12)}`,
      ssoURL: p.ssoURL ?? `https://${p.key}.test/app/sso/saml`,
      certificate: p.certificate ?? `MIIC${deriveId(`${b.seed}:cert:${p.key}`, 64)}`,
      ...(defaultTeam && { defaultTeam }),
      defaultRole: p.defaultRole === undefined ? 'read' : p.defaultRole,
      status: 'active',
      createdAt: b.time(p.createdAt, `${path}/createdAt`, 30 * 86_400_000),
    });
  });
}

export function buildOpenApiSpecs(b: Builder, specs: NonNullable<ScenarioFile['openapiSpecs']>): void {
  specs.forEach((s, i) => {
    const path = `/openapiSpecs/${i}`;
    const slug = s.slug ?? s.key;
    if (!/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/.test(slug)) b.fail(`${path}/slug`, `"${slug}" is not a valid slug`);
    b.declare('openapiSpecs', s.key, path, slug);
    const organization = b.ref('organizations', s.organization, `${path}/organization`);
    const id = deriveId(`${b.seed}:openapiSpecs-id:${s.key}`);
    const createdAt = b.time(s.createdAt, `${path}/createdAt`, 20 * 86_400_000);
    const sourceURL = s.sourceURL ?? `https://specs.${s.key}.test/openapi.json`;
    const versions = s.versions && s.versions.length > 0 ? s.versions : [{}];
    let updatedAt = createdAt;
    versions.forEach((v, j) => {
      const vpath = `${path}/versions/${j}`;
      const at = v.createdAt
        ? b.time(v.createdAt, `${vpath}/createdAt`)
        : new Date(Math.min(b.nowMs, Date.parse(createdAt) + j * 86_400_000)).toISOString();
      if (at > updatedAt) updatedAt = at;
      b.state.openapiSpecVersions.push({
        id: deriveId(`${b.seed}:openapiSpecVersions:${s.key}:${v.key ?? j}`),
        spec: id,
        url: v.url ?? sourceURL,
        fixture: v.fixture ?? DEFAULT_SPEC_FIXTURE,
        createdAt: at,
      });
    });
    b.state.openapiSpecs.push({ id, organization, slug, sourceURL, createdAt, updatedAt });
  });
}

export function buildTranslations(b: Builder, translations: NonNullable<ScenarioFile['translations']>): void {
  translations.forEach((t, i) => {
    const path = `/translations/${i}`;
    const id = b.declare('translations', t.key, path);
    const organization = b.ref('organizations', t.organization, `${path}/organization`);
    const createdAt = b.time(t.createdAt, `${path}/createdAt`, 10 * 86_400_000);
    const languages = t.languages ?? ['fr'];
    const source = t.source === undefined ? undefined : b.ref('spaces', t.source, `${path}/source`);
    if (source && b.state.spaces.find((s) => s.id === source)?.organization !== organization) b.fail(`${path}/source`, `space "${t.source}" is not a space of organization "${t.organization}"`);
    b.state.translations.push({
      id,
      organization,
      title: t.title ?? t.key,
      languages,
      language: languages[0],
      ...(source && { source, sourceLanguage: 'en' }),
      createdAt,
      updatedAt: createdAt,
    });
  });
}
