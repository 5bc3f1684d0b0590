/** The oracle for events: an event body against the official schema of its type and the Event union. */
import { formatErrors, officialComponent } from './official.ts';

const SCHEMA: Record<string, string> = {
  installation_setup: 'InstallationSetupEvent',
  installation_deleted: 'InstallationDeletedEvent',
  space_installation_setup: 'SpaceInstallationSetupEvent',
  space_installation_deleted: 'SpaceInstallationDeletedEvent',
  site_installation_setup: 'SiteInstallationSetupEvent',
  site_installation_deleted: 'SiteInstallationDeletedEvent',
  space_content_updated: 'SpaceContentUpdatedEvent',
  space_gitsync_started: 'SpaceGitSyncStartedEvent',
  space_gitsync_completed: 'SpaceGitSyncCompletedEvent',
  space_visibility_updated: 'SpaceVisibilityUpdatedEvent',
  site_view: 'SiteViewEvent',
  page_feedback: 'PageFeedbackEvent',
};

/** Throws unless `payload` is an official event of its type (its own schema and the Event union). */
export function expectOfficialEvent(payload: { type: string }): void {
  const { type } = payload;
  for (const name of [SCHEMA[type], 'Event']) {
    const validate = officialComponent(name);
    if (!validate(payload)) throw new Error(`${type} does not match official ${name}:\n${formatErrors(validate)}\n${JSON.stringify(payload)}`);
  }
}

