/**
 * `GET /v1/` (getApiInformation): the release and build date of the service. The mock names
 * its own version, and a fixed build date so that two runs give the same bytes.
 */
import { op, type Operation } from '../../contract/operation.ts';

const BUILD = '2026-01-01T00:00:00.000Z';

export const systemOperations: Operation[] = [
  op({
    operationId: 'getApiInformation',
    method: 'GET',
    path: '/v1/',
    status: 200,
    response: 'common/api-information',
    official: true,
    handle: (ctx) => ({ version: ctx.platform.version(), build: BUILD }),
  }),
];
