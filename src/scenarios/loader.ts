/**
 * Turns a scenario file into a state and its manifest. The same scenario (and seed)
 * always gives the same state, ids and manifest.
 */
import { Builder, MANIFEST_COLLECTIONS, type FillerKit, type PublishedUrls } from './builder.ts';
import { buildOpenApiSpecs, buildOrganizations, buildSamlProviders, buildTeams, buildTranslations, buildUsers } from './build-people.ts';
import { buildChangeRequests, buildComments, buildSpaces } from './build-content.ts';
import { buildMetaLinks } from './build-meta-links.ts';
import { buildSites } from './build-sites.ts';
import { buildStorageFiles } from './build-storage.ts';
import { buildFamilies } from './build-families.ts';
import { buildIntegrationRecords, buildOfficialRecords } from './build-official-records.ts';
import { buildIntegrations } from './build-integrations.ts';
import { runGenerator } from './generators.ts';
import { Store, type GeneratedState, type StateJson } from '../store/store.ts';
import type { ScenarioFile } from './types.ts';
import { ScenarioError } from './scenario-source.ts';

export interface Manifest {
  scenario: string;
  now: string;
  tokens: Record<string, string>;
  ids: Record<string, Record<string, string>>;
  /** The secret of each share link, by share-link key (for `shareKey`). */
  shareKeys: Record<string, string>;
  /** The token of each installation, by installation key (what createIntegrationInstallationToken answers). */
  installationTokens: Record<string, string>;
  /** The signing secret of each integration, by integration key (what its events are signed with). */
  signingSecrets: Record<string, string>;
  /** The token of each integration, by integration key (its environment's `apiTokens.integration`). */
  integrationTokens: Record<string, string>;
  /** The secrets of each integration, by integration key (its environment's `secrets`). */
  secrets: Record<string, Record<string, string>>;
  /**
   * What a visitor opens: each published site's URL by site key, and each active share link's
   * URL (with its key) by share-link key, as the scenario was loaded.
   */
  publishedUrls?: PublishedUrls;
}

/** What a build makes: the state (its listed rows and the rows a generator describes) and the manifest. */
export interface BuiltState {
  state: StateJson;
  /** Rows made when first read (store/generated-rows.ts); none for a scenario without a generator. */
  generated?: GeneratedState;
  manifest: Manifest;
}

export const DEFAULT_NOW = '2026-01-01T00:00:00.000Z';

/** Every collection, empty (what an empty store exports). */
export function emptyState(): StateJson {
  return new Store().export();
}

export function buildScenario(
  scenario: ScenarioFile & { name: string },
  /** `filler`: where generated data comes from (node-filler.ts); without it a scenario that needs some is refused. */
  options: { fillerSeed: number; filler?: FillerKit },
): BuiltState {
  const now = new Date(scenario.now ?? DEFAULT_NOW).toISOString();
  const source = `scenario "${scenario.name}"`;
  const b = new Builder(scenario.seed ?? 1, now, options.fillerSeed, source, emptyState(), options.filler, scenario);
  const file = scenario;
  const steps: (() => void)[] = [
    () => buildUsers(b, file.users ?? []),
    () => buildOrganizations(b, file.organizations ?? []),
    () => buildTeams(b, file.teams ?? []),
    () => buildSpaces(b, file.spaces ?? []),
    () => buildMetaLinks(b, file.spaces ?? []),
    () => buildChangeRequests(b, file.changeRequests ?? []),
    () => buildComments(b, file.comments ?? []),
    () => buildSites(b, file.sites ?? []),
    () => buildSamlProviders(b, file.samlProviders ?? []),
    () => buildOpenApiSpecs(b, file.openapiSpecs ?? []),
    () => buildTranslations(b, file.translations ?? []),
    () => buildStorageFiles(b, file.storageFiles ?? []),
    () => buildFamilies(b, file),
    () => buildOfficialRecords(b, file.officialRecords ?? []),
    () => buildIntegrations(b, file.integrations ?? [], file.installations ?? []),
    () => buildIntegrationRecords(b, file.officialRecords ?? []),
    () => file.generator && runGenerator(file.generator, b),
  ];
  for (const step of steps) runStep(b, step);
  if (b.problems.length) throw new ScenarioError(b.problems.length === 1 ? b.problems[0]! : `${b.problems.length} problems: ${b.problems.join('; ')}`);
  const ids = b.manifestIds();
  for (const c of MANIFEST_COLLECTIONS) ids[c] ??= {};
  return {
    state: b.state,
    generated: b.generated,
    manifest: { scenario: scenario.name, now, tokens: b.tokens, ids, shareKeys: b.shareKeys, installationTokens: b.installationTokens, signingSecrets: b.signingSecrets, integrationTokens: b.integrationTokens, secrets: b.secrets, publishedUrls: b.publishedUrls },
  };
}

/**
 * One build step. A step that stops on a problem (`Builder.fail`) has it noted and the build goes
 * on with the next, so every problem of the file is said at once; once a problem is noted, what
 * a later step trips over because of it (a missing row, say) is its consequence and not said.
 */
function runStep(b: Builder, step: () => void): void {
  try {
    step();
  } catch (error) {
    if (error instanceof ScenarioError && error.status === 400 && !b.problems.includes(error.message)) b.problems.push(error.message);
    else if (!b.problems.length) throw error;
  }
}
