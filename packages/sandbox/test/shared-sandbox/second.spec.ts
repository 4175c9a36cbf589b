import { sessionSuite } from './suite.js';

sessionSuite('second file');
