// @ts-check
// `pnpm build`: the static site in dist/. A landing page, one Redoc reference per bundle, the bundles
// themselves (JSON and YAML) and one copy of the renderer that every reference page loads.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { factsOf, findBundles, readBundle } from './bundles.mjs';
import { findRawTags } from './markup.mjs';
import { RENDERER_FILE, renderLanding, renderReference } from './render.mjs';
import { formatWeights, measureSite } from './weights.mjs';

const require = createRequire(import.meta.url);

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

// Redoc 2.5.4's sidebar footer shows a logo image fetched from Redocly's CDN, with no option to turn
// it off: offline that is a failed request and a console error on every page. The copy drops the
// image element; the "API docs by Redocly" credit link stays. The exact text is that of the pinned
// redoc version, so an upgrade that changes it fails the build here instead of calling the CDN.
const CDN_LOGO = 'n.createElement("img",{alt:"redocly logo",onError:()=>t(!1),src:"https://cdn.redoc.ly/redoc/logo-mini.svg"})';

/**
 * The renderer as the site serves it, from Redoc's standalone bundle (React included).
 * @param {string} original
 */
export function patchRenderer(original) {
  const occurrences = original.split(CDN_LOGO).length - 1;
  if (occurrences !== 1) {
    throw new Error(`expected Redoc's CDN logo element once in redoc.standalone.js, found it ${occurrences} times`);
  }
  const script = original
    .replace(CDN_LOGO, 'null')
    // Source maps (3.9 MB, and the search worker's, inlined as a string) are not published, and a
    // comment naming a missing file makes browser devtools report a failed request.
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
    .replace(/\\n\/\/# sourceMappingURL=[\w.-]+\.map/g, '');
  const cdn = /https?:\/\/cdn\.[a-z.]+/.exec(script);
  if (cdn) throw new Error(`redoc.standalone.js still names ${cdn[0]}; the site must not depend on a CDN`);
  return script;
}

/**
 * Copies the renderer and its licence notice.
 * @param {string} dist
 */
function copyRenderer(dist) {
  const source = require.resolve('redoc/bundles/redoc.standalone.js');
  writeFileSync(join(dist, RENDERER_FILE), patchRenderer(readFileSync(source, 'utf8')));
  // The bundle's first line points readers to this file for the licences of what it includes.
  copyFileSync(`${source}.LICENSE.txt`, join(dist, `${RENDERER_FILE}.LICENSE.txt`));
}

/** @param {string} dist */
export function buildSite(dist = DIST) {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  copyRenderer(dist);
  /** @type {string[]} */
  const warnings = [];
  const interfaces = findBundles().map(({ id, jsonPath, yamlPath }) => {
    const doc = readBundle(jsonPath);
    for (const { pointer, tag } of findRawTags(doc)) {
      warnings.push(`${id} ${pointer}: ${tag} is read as an HTML tag and not shown; write it in a code span in the spec`);
    }
    const facts = factsOf(id, doc);
    copyFileSync(jsonPath, join(dist, `${id}.json`));
    copyFileSync(yamlPath, join(dist, `${id}.yaml`));
    writeFileSync(join(dist, `${id}.html`), renderReference(facts, doc));
    return facts;
  });
  writeFileSync(join(dist, 'index.html'), renderLanding(interfaces));
  return { interfaces, warnings, weight: measureSite(dist, ['index.html', ...interfaces.map((api) => `${api.id}.html`)]) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { interfaces, warnings, weight } = buildSite();
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  console.log(`Built packages/docs/dist/: index.html and ${interfaces.map((api) => `${api.id}.html`).join(', ')}.`);
  console.log(formatWeights(weight));
}
