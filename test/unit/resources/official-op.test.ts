/**
 * `officialOp` (resources/engine/operations.ts) takes a row of an official operation by its
 * operationId and fills in what the official tables say. The `@ts-expect-error` lines are
 * checked by `tsc --noEmit -p .` (npm test): each would compile if the handler's params, query
 * or body were not typed by the operation's path and schemas, and the directive is then an error.
 */
import { describe, expect, it } from 'vitest';
import { officialOp } from '../../../src/resources/engine/operations.ts';

const fields = (row: object) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'handle'));

describe('officialOp', () => {
  it('takes the method, path, status and schemas of the official operation', () => {
    const row = officialOp('createOrganization', { handle: () => ({}) });
    expect(fields(row)).toEqual({
      operationId: 'createOrganization',
      method: 'POST',
      path: '/v1/orgs',
      official: true,
      access: 'user',
      status: 201,
      query: 'official/createOrganization-query',
      body: 'official/createOrganization-body',
      response: 'official/createOrganization-response',
    });
  });

  it('names no schema for a part the operation does not have', () => {
    const row = officialOp('deleteSpaceById', { handle: () => undefined });
    expect(fields(row)).toEqual({ operationId: 'deleteSpaceById', method: 'DELETE', path: '/v1/spaces/{spaceId}', official: true, access: 'user', status: 204 });
  });

  it('keeps what the row says instead: its status, its own schemas, null for none', () => {
    const row = officialOp('createOrganization', { status: 200, query: null, body: 'common/empty-body', response: 'organizations/organization', handle: () => ({}) });
    expect(fields(row)).toMatchObject({ status: 200, body: 'common/empty-body', response: 'organizations/organization' });
    expect(row.query).toBeUndefined();
  });

  it('keeps the seed spelling of a path of the official shape, and refuses another shape', () => {
    const seed = '/v1/orgs/{organizationId}/translations/{translationSettingsId}';
    expect(officialOp('getTranslation', { path: seed, handle: () => ({}) }).path).toBe(seed);
    expect(() => officialOp('getTranslation', { path: '/v1/orgs/{organizationId}/translations', handle: () => ({}) })).toThrow(/not the official path/);
  });

  it('refuses an operationId the official document lacks', () => {
    // @ts-expect-error: not an official operationId
    expect(() => officialOp('getNothingById', { handle: () => ({}) })).toThrow(/not an operation of the official document/);
  });

  it('types the handler by the official path and schemas', () => {
    const row = officialOp('createOrganization', {
      handle: (ctx) => {
        const title: string = ctx.body.title;
        const withSite: boolean | undefined = ctx.query.withDefaultSite;
        // @ts-expect-error: the official body has no `name`
        void ctx.body.name;
        // @ts-expect-error: the official query has no `withDefaultSpace`
        void ctx.query.withDefaultSpace;
        // @ts-expect-error: POST /v1/orgs has no path parameter
        void ctx.params.organizationId;
        return { title, withSite };
      },
    });
    officialOp('getTranslation', {
      path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
      handle: (ctx) => {
        const id: string = ctx.params.translationSettingsId;
        // @ts-expect-error: the seed path names the translation translationSettingsId
        void ctx.params.translationId;
        return id;
      },
    });
    officialOp('getTranslation', {
      handle: (ctx) => {
        // @ts-expect-error: the official path names no translationSettingsId
        void ctx.params.translationSettingsId;
        return ctx.params.translationId;
      },
    });
    // @ts-expect-error: a schema id that is no request type
    officialOp('createOrganization', { body: 'nothing/at-all', handle: () => ({}) });
    expect(row.operationId).toBe('createOrganization');
  });
});
