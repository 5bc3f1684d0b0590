/** The integration operations (catalogue, installations, their spaces and sites, tokens). */
import type { Operation } from '../../contract/operation.ts';
import { catalogueOperations } from './catalogue.ts';
import { contentInstallationOperations } from './content-installations.ts';
import { installationOperations } from './installations.ts';
import { publishingOperations } from './publishing.ts';
import { runOperations } from './runs.ts';

export const integrationOperations: Operation[] = [...catalogueOperations, ...publishingOperations, ...runOperations, ...installationOperations, ...contentInstallationOperations];
