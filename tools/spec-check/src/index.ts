// Public API: the catalogue, the checker and its output format. The CLI and the Redocly plugin
// are separate entry points (cli.js, redocly-plugin.js).
export { type ApiCatalog, type Catalog, type Entry, type Expect, loadCatalog, parseApiCatalog, type Place } from './catalog.js';
export { checkDocument, type CheckOptions, formatViolation, RULE_GROUPS, type RuleGroup, type Violation } from './check.js';
export { loadDocument, UnusableInput } from './load-document.js';
export { type DocumentView, type FileLoc, jsonView, type Node } from './view.js';
export { detectApi } from './detect.js';
export { depthOf, maxDepth, maxFileBytes, maxSchemaNesting, NestingTooDeep, readRegularFile } from './limits.js';
