/**
 * Translation settings (document 002). Both request shapes are accepted: the seed's
 * (`title`, `languages`) and the official one (`language`, `source`, `instructions`).
 */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { type Operation, type HandlerContext } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OrganizationRecord, TranslationRecord } from '../../store/records.ts';
import { findLiveSpace } from '../shared/access.ts';
import { requireOrgAdmin, requireOrgReader, requireTranslation } from '../shared/org-lookup.ts';
import { presentTranslation } from './present-org-settings.ts';
import { officialOp } from '../engine/operations.ts';

function checkSourceSpace(ctx: HandlerContext, org: OrganizationRecord, spaceId: string): void {
  if (!findLiveSpace(ctx, org.id, spaceId)) {
    throw errors.unknownReference(spaceId, `Invalid body: source.space "${spaceId}" is not a space of this organization`);
  }
}

/** `languages` and `language` kept in agreement: `language` is the first of `languages`. */
function languagesOf(languages: string[] | undefined, language: string | undefined): string[] {
  const list = languages ?? [];
  if (language === undefined) return list;
  return [language, ...list.filter((l) => l !== language)];
}

export const translationOperations: Operation[] = [
  officialOp('listTranslations', {
    query: 'common/pagination-query',
    response: 'organizations/translation-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return paginate(ctx.db.translations.viewBy('organization', org.id), ctx.query, (t) => presentTranslation(ctx, t));
    },
  }),
  officialOp('createTranslation', {
    body: 'organizations/translation-create',
    response: 'organizations/translation',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'create translations');
      const { title, language, source, instructions } = ctx.body;
      if (source) checkSourceSpace(ctx, org, source.space);
      const languages = languagesOf(ctx.body.languages, language);
      const record: TranslationRecord = {
        id: ctx.ids.next('translation'),
        organization: org.id,
        title: title ?? `Translation to ${languages[0] ?? 'en'}`,
        languages,
        ...(languages[0] && { language: languages[0] }),
        ...(source && { source: source.space, sourceLanguage: source.language }),
        ...(instructions && { instructions }),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      return presentTranslation(ctx, ctx.db.translations.insert(record));
    },
  }),
  officialOp('getTranslation', {
    path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
    response: 'organizations/translation',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return presentTranslation(ctx, requireTranslation(ctx, org, ctx.params.translationSettingsId));
    },
  }),
  officialOp('updateTranslation', {
    path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
    body: 'organizations/translation-update',
    response: 'organizations/translation',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'change translations');
      const translation = requireTranslation(ctx, org, ctx.params.translationSettingsId);
      const { title, languages, instructions } = ctx.body;
      const patch: Partial<TranslationRecord> = { updatedAt: ctx.now };
      if (title !== undefined) patch.title = title;
      if (instructions !== undefined) patch.instructions = instructions;
      if (languages !== undefined) {
        patch.languages = languages;
        patch.language = languages[0];
      }
      return presentTranslation(ctx, ctx.db.translations.update(translation.id, patch));
    },
  }),
  officialOp('deleteTranslation', {
    path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
    status: 205,
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'delete translations');
      removeWithDependents(ctx.db, 'translations', requireTranslation(ctx, org, ctx.params.translationSettingsId).id);
    },
  }),
];
