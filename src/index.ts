export { createApp, createMock, type Mock, type AppOptions } from './app.ts';
export type { Manifest } from './scenarios/loader.ts';
