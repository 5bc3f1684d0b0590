/**
 * `gitbook-mock/vitest`: helpers for test suites. Each helper lives in its own module and is
 * exported here.
 */
export { useGitBookMock, type GitBookMock, type UseMockOptions } from './use-mock.ts';
export type { GitBookMockEvents } from '../handle/events.ts';
export type { AdminMembers, ClockState, FaultRule, FaultRuleInput, JournalItem, RequestFilter } from '../handle/admin-handle.ts';
export type { EventPayload } from '../events/mock-events.ts';
export { GitBookMockCoverageReporter, mergeCoverage, type CoverageReporterOptions } from './coverage.ts';
export type { CoverageReport } from '../coverage/coverage.ts';
export { sessionName, IN_PROCESS_URL, type Fetch } from './session.ts';
export type { Manifest } from '../scenarios/loader.ts';
