import { sessionSuite } from './session-suite.ts';

sessionSuite('file-8', 'review');
