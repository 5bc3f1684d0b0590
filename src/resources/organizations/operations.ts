/**
 * Every operation of document 002, one table per concern: organizations, members, teams
 * and their members, SAML and SSO, OpenAPI specs, translation settings, invite links.
 */
import type { Operation } from '../../contract/operation.ts';
import { memberOperations } from './members.ts';
import { openApiOperations } from './openapi.ts';
import { orgSpaceOperations } from './org-spaces.ts';
import { orgChangeRequestOperations } from './org-change-requests.ts';
import { orgOperations } from './orgs.ts';
import { samlOperations } from './saml.ts';
import { teamMemberOperations } from './team-members.ts';
import { teamOperations } from './teams.ts';
import { translationOperations } from './translations.ts';
import { inviteLinkOperations } from './invite-links.ts';
import { createOrganizationOperations } from './create.ts';
import { subdomainOperations } from './subdomain.ts';
import { membershipOperations } from './membership-ops.ts';
import { orgServiceOperations } from './org-services.ts';
import { storageOperations } from './storage.ts';

export const organizationOperations: Operation[] = [
  ...orgOperations,
  ...createOrganizationOperations,
  ...subdomainOperations,
  ...membershipOperations,
  ...orgServiceOperations,
  ...storageOperations,
  ...orgSpaceOperations,
  ...orgChangeRequestOperations,
  ...memberOperations,
  ...teamOperations,
  ...teamMemberOperations,
  ...samlOperations,
  ...openApiOperations,
  ...translationOperations,
  ...inviteLinkOperations,
];
