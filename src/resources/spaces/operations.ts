import type { Operation } from '../../http/operation.ts';

export const spaceOperations: Operation[] = [];
