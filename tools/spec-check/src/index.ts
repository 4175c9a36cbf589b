// What other workspace packages import from spec-check (spec-diff bounds a bundle's depth with the
// same measure). The CLI (cli.js) and the Redocly plugin (redocly-plugin.js, loaded by path from
// specs/redocly.yaml) are run, not imported.
export { depthOf } from './limits.js';
