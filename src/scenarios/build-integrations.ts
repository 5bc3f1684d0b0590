/**
 * Scenario build step for integrations and their installations. An integration's events go
 * to its `url` (or an installation's own), `mock:events` being the session's in-memory sink;
 * each installation gets the user its tokens authenticate as, its token in the manifest's
 * `installationTokens` under the installation's key; the integration's token is in
 * `integrationTokens`, its signing secret in `signingSecrets` and its secrets (given, or drawn
 * from the seed for the names given alone) in `secrets`, under the integration's key. Each space
 * or site installation has the configuration `spaceConfigurations` or `siteConfigurations` gives it.
 */
import { deriveId } from '../ids.ts';
import { SENT_EVENT_TYPES, SUBSCRIBABLE_EVENT_TYPES } from '../events/types.ts';
import { didYouMean, nearest } from '../text/nearest.ts';
import type { Builder } from './builder.ts';
import type { ScenarioFile } from './types.ts';
import type { UserRecord } from '../store/records.ts';

type Integrations = NonNullable<ScenarioFile['integrations']>;
type Installations = NonNullable<ScenarioFile['installations']>;

/** The user an integration's or installation's token authenticates as (in no organization). */
function botUser(b: Builder, kind: string, key: string, title: string, token?: string) {
  const user: UserRecord = {
    id: deriveId(`${b.seed}:${kind}-user:${key}`),
    displayName: title,
    email: `${key}.${kind}@installations.gitbook.invalid`.toLowerCase(),
    token: token ?? `gb_${kind === 'integration' ? 'intg' : 'inst'}_${deriveId(`${b.seed}:${kind}-token:${key}`, 32)}`,
    createdAt: b.pastTime(30, 60),
  };
  b.state.users.push(user);
  return user;
}

/** The types an integration subscribes to; a type no integration can subscribe to is refused, with the nearest ones. */
function subscriptions(b: Builder, path: string, events: string[] | undefined): string[] {
  if (!events) return [...SENT_EVENT_TYPES];
  events.forEach((type, j) => {
    if (SUBSCRIBABLE_EVENT_TYPES.includes(type)) return;
    const hint = didYouMean(nearest(type, SUBSCRIBABLE_EVENT_TYPES).map((name) => `"${name}"`));
    b.fail(`${path}/events/${j}`, `"${type}" is not an event type an integration subscribes to${hint} (types: ${SUBSCRIBABLE_EVENT_TYPES.join(', ')})`);
  });
  return events;
}

export function buildIntegrations(b: Builder, integrations: Integrations, installations: Installations): void {
  integrations.forEach((entry, i) => {
    const path = `/integrations/${i}`;
    const name = entry.name ?? entry.key;
    const id = b.declare('integrations', entry.key, path, name);
    const title = entry.title ?? entry.key;
    const signingSecret = entry.signingSecret ?? deriveId(`${b.seed}:integration-secret:${entry.key}`, 40);
    b.signingSecrets[entry.key] = signingSecret;
    const secrets = Array.isArray(entry.secrets)
      ? Object.fromEntries(entry.secrets.map((secret) => [secret, deriveId(`${b.seed}:integration-secret:${entry.key}:${secret}`, 32)]))
      : (entry.secrets ?? {});
    b.secrets[entry.key] = secrets;
    // Drawn in this order (the integration's time, then its user's), so a scenario's times stay what they were.
    const createdAt = b.pastTime(60, 120);
    const user = botUser(b, 'integration', entry.key, title);
    b.integrationTokens[entry.key] = user.token;
    b.state.integrations.push({
      id,
      title,
      ...(entry.description && { description: entry.description }),
      target: entry.target ?? 'all',
      scopes: entry.scopes ?? ['space:content:read', 'space:metadata:read'],
      categories: entry.categories ?? ['other'],
      ...(entry.blocks && { blocks: entry.blocks.map((block) => ({ ...block })) }),
      visibility: entry.visibility ?? 'public',
      owner: b.ref('organizations', entry.owner, `${path}/owner`),
      version: 1,
      events: subscriptions(b, path, entry.events),
      ...(entry.url && { delivery: { url: entry.url, format: entry.format ?? 'runtime' } }),
      signingSecret,
      ...(Object.keys(secrets).length > 0 && { secrets }),
      user: user.id,
      createdAt,
      updatedAt: createdAt,
    });
  });
  installations.forEach((entry, i) => {
    const path = `/installations/${i}`;
    const id = b.declare('installations', entry.key, path, entry.id);
    const integration = b.ref('integrations', entry.integration, `${path}/integration`);
    const organization = b.ref('organizations', entry.organization, `${path}/organization`);
    if (b.state.installations.some((other) => other.integration === integration && other.organization === organization)) {
      b.fail(path, `integration "${entry.integration}" is already installed in organization "${entry.organization}"`);
    }
    const user = botUser(b, 'installation', entry.key, b.built(b.state.integrations, integration).title, entry.token);
    b.installationTokens[entry.key] = user.token;
    const createdAt = b.pastTime(1, 30);
    b.state.installations.push({
      id,
      integration,
      organization,
      status: entry.status ?? 'active',
      configuration: entry.configuration ?? {},
      spaceSelection: 'selected',
      siteSelection: 'selected',
      externalIds: entry.externalIds ?? [],
      user: user.id,
      ...(entry.url && { url: entry.url }),
      createdAt,
      updatedAt: createdAt,
    });
    const content = (kind: 'spaces' | 'sites', keys: string[] | undefined, configurations: Record<string, Record<string, unknown>> | undefined) => {
      const field = kind === 'spaces' ? 'spaceConfigurations' : 'siteConfigurations';
      Object.keys(configurations ?? {})
        .filter((key) => !(keys ?? []).includes(key))
        .forEach((key) => b.fail(`${path}/${field}/${key}`, `"${key}" is not one of the installation's ${kind} (${kind}: ${(keys ?? []).join(', ') || 'none'})`));
      (keys ?? []).forEach((key, j) => {
        const target = b.ref(kind, key, `${path}/${kind}/${j}`);
        const table = kind === 'spaces' ? b.state.spaceInstallations : b.state.siteInstallations;
        if (table.some((row) => row.id === `${id}:${target}`)) b.fail(`${path}/${kind}/${j}`, `"${key}" is named twice`);
        const configuration = configurations?.[key] ?? {};
        table.push({ id: `${id}:${target}`, installation: id, integration, target, status: 'active', configuration, externalIds: [], createdAt, updatedAt: createdAt });
      });
    };
    content('spaces', entry.spaces, entry.spaceConfigurations);
    content('sites', entry.sites, entry.siteConfigurations);
  });
}
