// @ts-check
// The pages versions add: a switcher on every reference and changelog page, each release's
// references and changelogs under `v/<version>/`, and per interface a page of what changed between
// each two consecutive versions, as spec-diff classifies it (the same classification that decides
// the bump a contract change needs).
import { bumpFor } from '@messaging-contracts/spec-diff/dist/bumps.js';
import { diffContract } from '@messaging-contracts/spec-diff/dist/diff.js';
import { escapeHtml, inline, staticPage } from './html.mjs';
import { RELEASE_TAG_PREFIX, VERSIONS_DIR } from './versions.mjs';

/**
 * @typedef {import('./versions.mjs').Release} Release
 * @typedef {{ version: string, label: string, dir: string, bundles: Map<string, any>, release: Release | undefined }} SiteVersion
 *   dir: the version's folder from the site's root ('' for the default version)
 */

/** @param {string} id */
export const changesPage = (id) => `changes-${id}.html`;

/**
 * The site's versions, the default first: the working tree's (`current`, with its bundles), then
 * every other release, newest first.
 * @param {{ version: string, bundles: Map<string, any> }} current
 * @param {Release[]} releases newest first
 * @returns {SiteVersion[]}
 */
export function siteVersions(current, releases) {
  const released = releases.find((r) => r.version === current.version);
  // 0.0.0 is the placeholder of a package never versioned: no number is shown for it, since a
  // reader took "0.0.0" beside the interface's own version (the page title's) for a second one.
  const state = releases.length > 0 ? `unreleased, after ${releases[0]?.version}` : 'unreleased';
  const head = {
    version: current.version,
    label: released ? `${current.version} (latest)` : current.version === '0.0.0' ? state : `${current.version} (${state})`,
    dir: '',
    bundles: current.bundles,
    release: released,
  };
  return [
    head,
    ...releases
      .filter((r) => r !== released)
      .map((r) => ({ version: r.version, label: r.version, dir: `${VERSIONS_DIR}/${r.version}/`, bundles: r.bundles, release: r })),
  ];
}

/**
 * The version switcher of one page: a link to the same page in each version that has the interface,
 * and to the page of what changed. Links only, so it works without scripts.
 * @param {SiteVersion[]} versions
 * @param {SiteVersion | undefined} here the version of the page (none for a page of every version)
 * @param {string} id
 * @param {string} page the page's name inside a version's folder (`<id>.html`, `changelog-<id>.html`)
 */
export function versionSwitcher(versions, here, id, page) {
  const root = !here || here.dir === '' ? './' : '../../';
  const links = versions
    .filter((v) => v.bundles.has(id))
    .map((v) => `<a href="${root}${v.dir}${page}"${v === here ? ' aria-current="page"' : ''}>${escapeHtml(v.label)}</a>`);
  return `<nav class="versions" aria-label="Releases">Release of @messaging-contracts/openapi: ${links.join(' · ')} · <a href="${root}${changesPage(id)}">What changed</a></nav>`;
}

const KINDS = /** @type {const} */ ([
  ['breaking', 'Breaking'],
  ['unclassified', 'Unclassified (treated as breaking)'],
  ['deprecated', 'Deprecation'],
  ['non-breaking', 'Addition'],
  ['annotation', 'Documentation'],
]);
/** Changes shown per pair of versions; the rest are counted (a page stays within its weight). */
export const CHANGES_SHOWN = 150;

/**
 * What changed in one interface between each two consecutive versions, newest first.
 * @param {{ id: string, letter: string, title: string }} facts
 * @param {SiteVersion[]} versions
 */
export function renderChanges(facts, versions) {
  const label = facts.letter ? `${facts.letter} · ${facts.title}` : facts.title;
  const having = versions.filter((v) => v.bundles.has(facts.id));
  const pairs = having.map((newer, index) => ({ newer, older: having[index + 1] }));
  const sections = pairs.map(({ newer, older }) => {
    const title = `<h2 id="v-${escapeHtml(newer.version)}">${escapeHtml(newer.label)}${older ? ` since ${escapeHtml(older.label)}` : ''}</h2>`;
    if (!older) {
      const first = versions.indexOf(newer) === versions.length - 1;
      return `${title}\n  <p>${first ? 'The first version of the site' : 'The interface first appears in this version'}: nothing before it to compare with.</p>`;
    }
    const changes = diffContract(older.bundles.get(facts.id), newer.bundles.get(facts.id));
    if (changes.length === 0) return `${title}\n  <p>No change to the contract.</p>`;
    const counts = KINDS.map(([type, name]) => [name, changes.filter((c) => c.type === type).length]).filter(([, n]) => n);
    const ordered = KINDS.flatMap(([type, name]) => changes.filter((c) => c.type === type).map((c) => ({ ...c, kind: name })));
    const rows = ordered
      .slice(0, CHANGES_SHOWN)
      .map((c) => `<tr><td>${escapeHtml(c.kind)} <span class="muted">(${bumpFor(c.type)})</span></td><td>${inline(c.what)}</td><td><code>${escapeHtml(c.pointer)}</code></td></tr>`);
    return `${title}
  <p class="summary">${counts.map(([name, n]) => `${escapeHtml(String(name))}: ${n}`).join(', ')}.</p>
  <div class="table"><table>
    <caption>Changes from ${escapeHtml(older.label)} to ${escapeHtml(newer.label)}</caption>
    <thead><tr><th scope="col">Kind (bump)</th><th scope="col">What changed</th><th scope="col">Where</th></tr></thead>
    <tbody>
    ${rows.join('\n    ')}
    </tbody>
  </table></div>${ordered.length > CHANGES_SHOWN ? `\n  <p>And ${ordered.length - CHANGES_SHOWN} more: <code>pnpm spec-diff --base ${escapeHtml(older.release?.tag ?? '')}</code> lists them all.</p>` : ''}`;
  });
  const growth =
    versions.length === 1
      ? `<p class="one-version">One version so far. Each release of <code>@messaging-contracts/openapi</code> (the git tag <code>${escapeHtml(RELEASE_TAG_PREFIX)}&lt;version&gt;</code> that <code>changeset publish</code> makes) adds one: its references and changelogs under <code>${VERSIONS_DIR}/&lt;version&gt;/</code>, and here what changed since the version before.</p>`
      : '';
  return staticPage({
    title: `${facts.title} · what changed between versions`,
    description: `What changed in ${facts.title} between each two versions, classified as breaking, addition, deprecation or documentation.`,
    css: `.table { overflow-x: auto; } table { width: 100%; } caption { text-align: left; color: var(--muted); padding-bottom: 0.25rem; }
  td:last-child { overflow-wrap: anywhere; }`,
    body: `<header>
  <h1>What changed: ${escapeHtml(label)}</h1>
  <p>Between each two consecutive versions, newest first, every change to the contract as <code>pnpm spec-diff</code> classifies it: breaking (a major release), addition or deprecation (minor), documentation (patch). These versions are releases of <code>@messaging-contracts/openapi</code>, not the interface's declared version, and the classes are this repository's: the service's deprecation and compatibility policy is not shown in the spec document (section 9). <a href="./${facts.id}.html">Reference</a> · <a href="./changelog-${facts.id}.html">Changelog</a></p>
  ${versionSwitcher(versions, undefined, facts.id, `${facts.id}.html`)}
</header>
<main>
  ${growth}
  ${sections.join('\n  ')}
</main>`,
  });
}
