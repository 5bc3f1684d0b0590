/** The integration operations (catalogue, installations, their spaces and sites, tokens). */
import type { Operation } from '../../contract/operation.ts';
import { catalogueOperations } from './catalogue.ts';
import { contentInstallationOperations } from './content-installations.ts';
import { installationOperations } from './installations.ts';

export const integrationOperations: Operation[] = [...catalogueOperations, ...installationOperations, ...contentInstallationOperations];
