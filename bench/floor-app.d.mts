import type { Hono } from 'hono';

/** The fair floor: `/bare/NAME` answers `texts[NAME]` as it is (floor-app.mjs). */
export declare function floorApp(texts: Record<string, string>): Hono;
