/**
 * The admin surface's rows, gathered for the mock's OpenAPI document (document.ts): the calls of
 * the admin API (admin/routes.ts), the console's page and files (admin/ui/routes.tsx) and the
 * API reference, its page and files (reference.ts). Each is described once, in its row, which is also what serves it.
 */
import type { RouteRow } from '../contract/operation.ts';
import { ADMIN_ROWS } from '../admin/routes.ts';
import { CONSOLE_FILES_ROW, CONSOLE_ROW } from '../admin/ui/routes.tsx';
import { REFERENCE_ROWS } from './reference.ts';

export const adminOperations: readonly RouteRow[] = [...ADMIN_ROWS, ...REFERENCE_ROWS, CONSOLE_ROW, CONSOLE_FILES_ROW];
