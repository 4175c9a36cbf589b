// @ts-check
// The sandbox's control API reference: the OpenAPI 3.1 document `@messaging-contracts/sandbox` ships
// (`./openapi.json`, from its control-api/openapi.yaml), rendered like the four interfaces'
// references (Redoc's markup at build time, then the interactive page). It is the sandbox's own HTTP
// surface, a test tool's choice, not the service's: its title, its site bar and the landing page say so.
import { existsSync } from 'node:fs';
import { copyWhole } from './write-whole.mjs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { factsOf, readBundle } from './bundles.mjs';
import { renderReference } from './render.mjs';
import { samplesOf } from './samples.mjs';

const require = createRequire(import.meta.url);

export const CONTROL_API_ID = 'sandbox-control-api';
export const CONTROL_API_PAGE = `${CONTROL_API_ID}.html`;
/**
 * The curl samples read the control token from `SANDBOX_CONTROL_TOKEN`, the variable
 * `messaging-sandbox -- <command>` gives its command when the control API requires a token (the
 * sandbox's README): `envName` would make up `SANDBOX_CONTROL_API_API_KEY`, which nothing sets.
 */
export const CONTROL_API_VARIABLES = { apiKey: 'SANDBOX_CONTROL_TOKEN' };

/**
 * The reference's code samples.
 * @param {any} doc the control API's document
 */
export const controlApiSamples = (doc) => samplesOf(doc, CONTROL_API_ID, CONTROL_API_VARIABLES);
/** What the site bar says beside the title, so no reader takes it for one of the service's interfaces. */
export const CONTROL_API_NOTE = "The sandbox's own API (a local test tool), not the messaging service's";

/** The control API's document as the sandbox package exports it, or undefined when it is not built. */
export function controlApiFile() {
  try {
    const file = require.resolve('@messaging-contracts/sandbox/openapi.json');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the reference page and the document beside it; undefined when the workspace has no built
 * sandbox package.
 * @param {string} dist
 * @param {string} renderer
 * @param {(page: string, html: string) => void} write
 * @param {string | undefined} [guide] the sandbox guide's page, linked from the site bar
 * @returns {{ page: string, facts: import('./bundles.mjs').InterfaceFacts, doc: any } | undefined}
 */
export function writeControlApiReference(dist, renderer, write, guide) {
  const file = controlApiFile();
  if (!file) return undefined;
  const doc = readBundle(file);
  const facts = factsOf(CONTROL_API_ID, doc);
  copyWhole(file, join(dist, `${CONTROL_API_ID}.json`));
  write(
    CONTROL_API_PAGE,
    renderReference(facts, doc, controlApiSamples(doc), renderer, {
      note: CONTROL_API_NOTE,
      // Responses open on a click here: all open, the answers' schemas (a scope's whole state, the
      // request log's entries, 53 error answers of one shape) made this page the site's heaviest,
      // at its first-view target (weights.mjs: 300.0 kB of 300), and 1.6 kB lighter closed.
      redoc: { expandResponses: '' },
      links: [
        { label: 'OpenAPI document', href: `${CONTROL_API_ID}.json`, download: `${CONTROL_API_ID}.json` },
        ...(guide ? [{ label: 'Sandbox guide', href: guide }] : []),
      ],
    }),
  );
  return { page: CONTROL_API_PAGE, facts, doc };
}
