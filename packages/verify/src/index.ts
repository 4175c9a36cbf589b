export { verify, checkTarget, UsageError, type VerifyOptions } from './verify.js';
export { summaryLine, junitOf, reportOf, type CheckResult, type Report } from './report.js';
export { readDestinations, parseDestinations, DestinationsError, type Destinations } from './destinations.js';
export { CREDENTIAL_SOURCES, type Credentials, type BasicCredentials, type ApiKeyCredentials } from './credentials.js';
export { UnreachableError, BudgetError, InterruptedError, curlOf } from './transport.js';
export { isLoopback, LIVE_DEFAULTS, LOOPBACK_DEFAULTS } from './safety.js';
export { CALLBACK_ROUTES, CALLBACK_RATE_LIMIT } from './callbacks.js';
