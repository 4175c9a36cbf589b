// @ts-check
// `pnpm build`: the static site in dist/. A landing page, one Redoc reference per bundle, the bundles
// themselves (JSON and YAML) and one copy of the renderer that every reference page loads.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { copyWhole, writeWhole } from './write-whole.mjs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeApiReference } from './api-reference.mjs';
import { factsOf, findBundles, inlineCallbacks, listOperations, readBundle } from './bundles.mjs';
import { changelogPage, readChangelogs, renderChangelog } from './changelog.mjs';
import { precompress } from './compress.mjs';
import { renderLanding } from './landing.mjs';
import { GUIDES, writeGuides } from './guides.mjs';
import { writeControlApiReference } from './control-api.mjs';
import { findRawTags } from './markup.mjs';
import { interfaceBar, LICENSE_FILE, rendererFileName, renderReference } from './render.mjs';
import { changesPage, renderChanges, siteVersions, versionSwitcher } from './version-pages.mjs';
import { releasesOf } from './versions.mjs';
import { samplesOf, SCOPE } from './samples.mjs';
import { formatWeights, measureSite } from './weights.mjs';
import { repositoryOf } from './repository.mjs';
import { repositoryLinker, trackedFiles } from './repository-paths.mjs';
import { OPERATIONS_PAGE, operationRows, renderOperations } from './operations.mjs';
import { verifierOf } from './verifier.mjs';
import { SEARCH_INDEX, SEARCH_SCRIPT, searchScript } from './search-box.mjs';
import { headingEntries, interfaceEntries } from './search-index.mjs';
import { packagesOf, pendingChangesets, workspacePackages, workspaceRoot } from './workspace.mjs';

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
 * Copies the renderer under a content-hashed name (so the server can let browsers cache it for a
 * year: a new Redoc is a new name), and its licence notice.
 * @param {string} dist
 * @returns {string} the renderer's file name
 */
function copyRenderer(dist) {
  const source = require.resolve('redoc/bundles/redoc.standalone.js');
  const script = patchRenderer(readFileSync(source, 'utf8'));
  const file = rendererFileName(script);
  writeWhole(join(dist, file), script);
  // The bundle's first line points readers to this file for the licences of what it includes.
  copyWhole(`${source}.LICENSE.txt`, join(dist, LICENSE_FILE));
  return file;
}

/**
 * What each interface shows beyond its reference: packages, first request, changelog.
 * @param {string} id
 * @param {any} doc
 * @param {import('./bundles.mjs').InterfaceFacts} facts
 * @param {Map<string, import('./samples.mjs').CodeSample[]>} samples
 * @param {import('./workspace.mjs').WorkspacePackage[]} workspace
 */
function landingEntry(id, doc, facts, samples, workspace) {
  const operations = listOperations(doc);
  // The quick start's first request: the first that creates or sends something (a POST answered 201
  // or 202), else the first that sends a body, else the first operation.
  const post = (/** @type {{ method: string, path: string }} */ op) => (op.method === 'post' ? doc.paths[op.path].post : undefined);
  const first =
    operations.find((op) => Object.keys(post(op)?.responses ?? {}).some((code) => code === '201' || code === '202')) ??
    operations.find((op) => post(op)?.requestBody) ??
    operations[0];
  return {
    facts,
    packages: packagesOf(workspace, id, SCOPE),
    changelog: changelogPage(id),
    firstRequest: first && {
      summary: String(first.summary ?? first.operationId),
      operationId: first.operationId,
      method: first.method,
      path: facts.basePath.replace(/\/$/, '') + first.path,
      samples: samples.get(String(first.operationId)) ?? [],
    },
  };
}

/**
 * Each older version's references and changelogs, in its folder (`v/<version>/`): the bundles (JSON)
 * and CHANGELOG.md files at its release tag, rendered as the default version's are.
 * @param {string} dist
 * @param {import('./version-pages.mjs').SiteVersion[]} older
 * @param {import('./version-pages.mjs').SiteVersion[]} versions
 * @param {import('./workspace.mjs').WorkspacePackage[]} workspace
 * @param {string} renderer
 * @returns {string[]} the pages written
 */
function writeVersions(dist, older, versions, workspace, renderer) {
  return older.flatMap((version) => {
    mkdirSync(join(dist, version.dir), { recursive: true });
    return [...version.bundles].flatMap(([id, bundle]) => {
      const doc = inlineCallbacks(structuredClone(bundle));
      const facts = factsOf(id, doc);
      const changelog = changelogPage(id);
      writeWhole(join(dist, version.dir, `${id}.json`), `${JSON.stringify(bundle, null, 2)}\n`);
      writeWhole(
        join(dist, version.dir, `${id}.html`),
        renderReference(facts, doc, samplesOf(doc, id), renderer, {
          root: '../../',
          versions: versionSwitcher(versions, version, id, `${id}.html`),
          links: [
            { label: 'JSON bundle', href: `${id}.json`, download: `${id}.json` },
            { label: 'Changelog', href: changelog },
          ],
        }),
      );
      const logs = packagesOf(workspace, id, SCOPE).map((p) => ({ name: p.name, changelog: version.release?.changelogs.get(p.name) }));
      writeWhole(
        join(dist, version.dir, changelog),
        renderChangelog(facts, logs, [], `${SCOPE}/${id}-types`, { versions: versionSwitcher(versions, version, id, changelog), root: '../../' }),
      );
      return [`${version.dir}${id}.html`, `${version.dir}${changelog}`];
    });
  });
}

/** The sandbox's guide, its README: the page the landing page's sandbox section links. */
export const SANDBOX_PAGE = 'sandbox.html';

/**
 * Every publishable package, for the landing page's list: what it is, its API reference pages (one
 * per import path), and for the package of the bundles, the interfaces' references.
 * @param {import('./workspace.mjs').WorkspacePackage[]} workspace
 * @param {import('./api-reference.mjs').ApiReference} api
 * @param {import('./bundles.mjs').InterfaceFacts[]} interfaces
 * @param {import('./guides.mjs').WrittenGuide[]} guides
 * @param {Record<string, { label: string, href: string }[]>} references other reference pages, by package (the control API's)
 * @returns {import('./landing.mjs').PublishedPackage[]}
 */
function publishedPackages(workspace, api, interfaces, guides, references) {
  return workspace
    .filter((p) => !p.private)
    .map((p) => {
      const modules = Object.entries(api.modules).filter(([module]) => module === p.name || module.startsWith(`${p.name}/`));
      const bundles = interfaces.filter((facts) => `./${facts.id}.json` in p.exports);
      const guide = guides.find((g) => g.packages.includes(p.name));
      return {
        name: p.name,
        description: p.description,
        reference: [
          ...(guide ? [{ label: `${guide.family} guide`, href: guide.page }] : []),
          ...(references[p.name] ?? []),
          ...modules.map(([module, href]) => ({ label: module === p.name ? 'API reference' : module.slice(p.name.length + 1), href })),
          ...bundles.map((facts) => ({ label: facts.letter ? `${facts.letter} reference` : `${facts.title} reference`, href: `${facts.id}.html` })),
        ],
      };
    });
}

/**
 * @param {string} dist
 * @param {{ releases?: import('./versions.mjs').Release[] }} [options] the releases (newest first) the
 *   site keeps beside the working tree's version (releasesOf reads them from the git tags)
 */
export function buildSite(dist = DIST, { releases = [] } = {}) {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const renderer = copyRenderer(dist);
  const workspace = workspacePackages();
  const changesets = pendingChangesets();
  /** @type {string[]} */
  const warnings = [];
  const found = findBundles();
  const openapi = workspace.find((p) => p.name === `${SCOPE}/openapi`);
  const versions = siteVersions({ version: openapi?.version ?? '0.0.0', bundles: new Map(found.map(({ id, jsonPath }) => [id, JSON.parse(readFileSync(jsonPath, 'utf8'))])) }, releases);
  const head = /** @type {import('./version-pages.mjs').SiteVersion} */ (versions[0]);
  const entries = found.map(({ id, jsonPath, yamlPath }) => {
    const doc = readBundle(jsonPath);
    for (const { pointer, tag } of findRawTags(doc)) {
      warnings.push(`${id} ${pointer}: ${tag} is read as an HTML tag and not shown; write it in a code span in the spec`);
    }
    const facts = factsOf(id, doc);
    const samples = samplesOf(doc, id);
    copyWhole(jsonPath, join(dist, `${id}.json`));
    copyWhole(yamlPath, join(dist, `${id}.yaml`));
    writeWhole(join(dist, `${id}.html`), renderReference(facts, doc, samples, renderer, { ...interfaceBar(id), versions: versionSwitcher(versions, head, id, `${id}.html`) }));
    const entry = { ...landingEntry(id, doc, facts, samples, workspace), rows: operationRows(facts, doc) };
    writeWhole(
      join(dist, entry.changelog),
      renderChangelog(facts, readChangelogs(entry.packages), changesets, `${SCOPE}/${id}-types`, { versions: versionSwitcher(versions, head, id, entry.changelog) }),
    );
    writeWhole(join(dist, changesPage(id)), renderChanges(facts, versions));
    return entry;
  });
  const versionPages = writeVersions(dist, versions.slice(1), versions, workspace, renderer);
  const api = writeApiReference(dist, workspace);
  const write = (/** @type {string} */ page, /** @type {string} */ html) => writeWhole(join(dist, page), html);
  const sandboxGuide = GUIDES.find((guide) => guide.page === SANDBOX_PAGE);
  const controlApi = writeControlApiReference(dist, renderer, write, sandboxGuide?.page);
  /** @type {Record<string, { label: string, href: string }[]>} */
  const references = controlApi ? { [`${SCOPE}/sandbox`]: [{ label: 'control API reference', href: controlApi.page }] } : {};
  const repository = repositoryOf(workspace);
  const root = workspaceRoot();
  const guides = writeGuides(write, workspace, SCOPE, api.modules, references, { root, link: repositoryLinker(repository.web, trackedFiles(root)) });
  write(OPERATIONS_PAGE, renderOperations(entries.map(({ facts, rows }) => ({ facts, rows }))));
  const verifier = workspace.find((p) => p.name === `${SCOPE}/verify`);
  const sandboxPage = guides.some((guide) => guide.page === SANDBOX_PAGE) ? SANDBOX_PAGE : undefined;
  write(
    'index.html',
    renderLanding(entries, { readme: sandboxPage, controlApi: controlApi?.page }, publishedPackages(workspace, api, entries.map(({ facts }) => facts), guides, references), {
      repository,
      verifier: verifier && verifierOf(readFileSync(join(verifier.dir, 'README.md'), 'utf8')),
      verifierGuide: guides.find((guide) => verifier && guide.packages.includes(verifier.name))?.page,
      operations: OPERATIONS_PAGE,
    }),
  );
  // The site-wide search (search-index.mjs): the bundles' operations and properties, the control API's
  // (its entries name it, so none reads as the service's), then the headings of the landing page and
  // the guides as written above.
  const headings = ['index.html', ...guides.map((guide) => guide.page)].flatMap((page) => {
    const html = readFileSync(join(dist, page), 'utf8');
    return headingEntries(page, html, /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/ · messaging service$/, '') ?? page);
  });
  const searchIndex = [
    ...found.flatMap(({ jsonPath }, i) => interfaceEntries(/** @type {any} */ (entries[i]).facts, readBundle(jsonPath))),
    ...(controlApi ? interfaceEntries(controlApi.facts, controlApi.doc) : []),
    ...headings,
  ];
  write(SEARCH_INDEX, `${JSON.stringify(searchIndex)}\n`);
  write(SEARCH_SCRIPT, searchScript());
  const pages = [
    'index.html',
    ...entries.flatMap(({ facts, changelog }) => [`${facts.id}.html`, changelog, changesPage(facts.id)]),
    OPERATIONS_PAGE,
    ...(controlApi ? [controlApi.page] : []),
    ...versionPages,
    ...guides.map((guide) => guide.page),
    ...api.pages,
  ];
  precompress(dist);
  return { interfaces: entries.map((entry) => entry.facts), renderer, pages, warnings, searchIndex, weight: measureSite(dist, pages) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const releases = await releasesOf(workspaceRoot(), workspacePackages());
  const { pages, warnings, weight } = buildSite(DIST, { releases });
  console.log(`Versions: ${releases.length === 0 ? 'none released yet, the working tree only' : releases.map((r) => r.version).join(', ')}.`);
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  const api = pages.filter((page) => page.startsWith('api/'));
  console.log(`Built packages/docs/dist/: ${pages.filter((page) => !api.includes(page)).join(', ')}, and ${api.length} pages of API reference in api/.`);
  console.log(formatWeights(weight));
}
