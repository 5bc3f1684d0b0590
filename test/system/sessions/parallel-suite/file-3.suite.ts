import { sessionSuite } from './session-suite.ts';

sessionSuite('file-3');
