import type { Operation } from '../../http/operation.ts';

export const siteOperations: Operation[] = [];
