/**
 * Addresses what happened (events/derive.ts) to the installations that receive it: the
 * installations on the space for a space event, the installation itself for its setup and
 * removal; each only if its integration subscribes to the type. Each receiver gets its own
 * event (the body names its installation), in the official shape, with the environment
 * GitBook gives an integration's script beside it (events/encode.ts).
 */
import type { HandlerContext } from '../contract/operation.ts';
import type { ContentInstallationRecord, InstallationRecord, IntegrationRecord, UserRecord } from '../store/records.ts';
import type { Tables } from '../store/store.ts';
import { presentUser } from '../resources/shared/present.ts';
import { presentContentInstallation, presentInstallation, presentIntegration } from '../resources/shared/present-integration.ts';
import type { Occurrence } from './derive.ts';
import type { KeptEventType, SentEventType } from './types.ts';

/** One event for one installation, before it has an id. */
export interface Addressed {
  type: KeptEventType;
  /** The installation it is for; none for a task (the integration's own). */
  installation?: InstallationRecord;
  integration: IntegrationRecord;
  /** The body without `eventId`. */
  fields: Record<string, unknown>;
  /** The IntegrationEnvironment a `runtime` delivery carries. */
  environment: Record<string, unknown>;
}

/** What addressing reads: the tables after the write, this server's origin, the caller. */
export type Scene = Pick<HandlerContext, 'db' | 'origin' | 'user'>;

function contentOf(kind: 'space' | 'site', scene: Scene, content: ContentInstallationRecord) {
  return { ...presentContentInstallation(scene, kind, content), [kind]: content.target };
}

/**
 * The IntegrationEnvironment GitBook hands an integration's script with an event: of the
 * installation, and of the space or site installation, the event is about (none for a request to
 * the integration's own URL).
 */
export function environmentOf(scene: Scene, integration: IntegrationRecord, installation?: InstallationRecord, content?: { kind: 'space' | 'site'; record: ContentInstallationRecord }) {
  const bot = installation && scene.db.users.get(installation.user);
  const integrationUser = scene.db.users.get(integration.user);
  // Presented as the installation sees itself (its own user, or the integration's once it is gone).
  const as = { ...scene, user: (bot ?? integrationUser ?? scene.user) as UserRecord } as HandlerContext;
  const secret = integration.signingSecret;
  return {
    apiEndpoint: scene.origin,
    apiTokens: { integration: integrationUser?.token ?? '', ...(bot && { installation: bot.token }) },
    integration: presentIntegration(as, integration),
    ...(installation && { installation: presentInstallation(as, installation) }),
    ...(content?.kind === 'space' && { spaceInstallation: contentOf('space', as, content.record) }),
    ...(content?.kind === 'site' && { siteInstallation: contentOf('site', as, content.record) }),
    signingSecrets: {
      integration: secret,
      ...(installation && { installation: secret }),
      ...(content && { [`${content.kind}Installation`]: secret }),
    },
    secrets: integration.secrets ?? {},
  };
}

function receiver(db: Tables, installation: InstallationRecord | undefined, type: SentEventType): IntegrationRecord | undefined {
  const integration = installation && db.integrations.get(installation.integration);
  return integration?.events.includes(type) ? integration : undefined;
}

/** The space or site installations that hear about a space or site: active, of an active installation. */
function installedOn(scene: Scene, kind: 'space' | 'site', target: string) {
  const table = kind === 'space' ? scene.db.spaceInstallations : scene.db.siteInstallations;
  return table.by('target', target).flatMap((record) => {
    const installation = scene.db.installations.get(record.installation);
    return record.status === 'active' && installation?.status === 'active' ? [{ record, installation }] : [];
  });
}

export function address(scene: Scene, what: Occurrence): Addressed[] {
  const out: Addressed[] = [];
  const add = (installation: InstallationRecord, fields: Record<string, unknown>, content?: { kind: 'space' | 'site'; record: ContentInstallationRecord }) => {
    if (what.type === 'task') return;
    const integration = receiver(scene.db, installation, what.type);
    if (!integration) return;
    out.push({ type: what.type, installation, integration, fields: { type: what.type, installationId: installation.id, ...fields }, environment: environmentOf(scene, integration, installation, content) });
  };
  switch (what.type) {
    case 'installation_setup':
      add(what.installation, { status: what.installation.status, ...(what.previous && { previous: what.previous }) });
      break;
    case 'installation_deleted':
      add(what.installation, { previous: { configuration: what.installation.configuration } });
      break;
    case 'space_installation_setup':
    case 'site_installation_setup':
    case 'space_installation_deleted':
    case 'site_installation_deleted': {
      // Removing an installation removes its spaces and sites: its own event says it all.
      const installation = scene.db.installations.get(what.content.installation);
      if (!installation) break;
      const kind = what.type.startsWith('space') ? 'space' : 'site';
      const target = { [`${kind}Id`]: what.content.target };
      const setup = what.type.endsWith('_setup') && 'previous' in what;
      const fields = what.type.endsWith('_deleted')
        ? { ...target, previous: { configuration: what.content.configuration } }
        : { ...target, status: what.content.status, ...(setup && what.previous && { previous: what.previous }) };
      add(installation, fields, { kind, record: what.content });
      break;
    }
    case 'task': {
      // Queued by the integration for itself: it gets it whatever it subscribes to, without an installation.
      const integration = scene.db.integrations.get(what.integration);
      if (integration) out.push({ type: 'task', integration, fields: { type: 'task', ...what.fields }, environment: environmentOf(scene, integration) });
      break;
    }
    case 'site_view':
    case 'page_feedback':
      for (const { record, installation } of installedOn(scene, 'site', what.site)) add(installation, { siteId: what.site, ...what.fields }, { kind: 'site', record });
      break;
    default: {
      const { type, space, ...rest } = what;
      const extra = type === 'space_content_updated' ? { updatedBy: [presentUser(scene, scene.user)] } : {};
      for (const { record, installation } of installedOn(scene, 'space', space)) add(installation, { spaceId: space, ...rest, ...extra }, { kind: 'space', record });
    }
  }
  return out;
}
