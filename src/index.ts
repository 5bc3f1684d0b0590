export { createApp, createMock, type Mock, type AppOptions } from './app.ts';
export type { Manifest } from './scenarios/loader.ts';
export type { MockEvents, EventPayload } from './events/mock-events.ts';
export type { EventItem, Delivery, Attempt } from './events/types.ts';
