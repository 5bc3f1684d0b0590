/**
 * `GET /v1/` (getApiInformation): the release and build date of the service. The mock names
 * its own version, and a fixed build date so that two runs give the same bytes.
 */
import { type Operation } from '../../contract/operation.ts';
import { officialOp } from '../engine/operations.ts';

const BUILD = '2026-01-01T00:00:00.000Z';

export const systemOperations: Operation[] = [
  officialOp('getApiInformation', {
    response: 'common/api-information',
    handle: (ctx) => ({ version: ctx.platform.version(), build: BUILD }),
  }),
];
