import { sessionSuite } from './suite.js';

sessionSuite('first file');
