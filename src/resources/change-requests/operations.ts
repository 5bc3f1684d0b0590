import type { Operation } from '../../http/operation.ts';

export const changeRequestOperations: Operation[] = [];
