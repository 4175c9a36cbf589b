// @ts-check
// One changelog page per interface: the CHANGELOG.md of each of its packages (changesets writes them
// at release), or, before the first release, "no release yet" and the pending changesets that touch
// them; and the breaking changes between releases. Once released, `pnpm spec-diff` refuses a
// breaking contract change without a major changeset of the interface's types package, so the
// "Major Changes" of that package's changelog are the breaking-change report between its releases.
// Before the first release it asks for a minor one: the page says so in spec-diff's own words.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { preReleaseRule } from '@messaging-contracts/spec-diff/dist/bumps.js';
import { escapeHtml, staticPage } from './html.mjs';
import { markdownToHtml } from './markdown.mjs';

/**
 * @typedef {import('./workspace.mjs').WorkspacePackage} WorkspacePackage
 * @typedef {import('./workspace.mjs').Changeset} Changeset
 * @typedef {{ name: string, changelog: string | undefined }} PackageLog
 * @typedef {{ version: string, changes: string }} Breaking
 */

/** @param {string} id */
export function changelogPage(id) {
  return `changelog-${id}.html`;
}

/**
 * @param {WorkspacePackage[]} packages
 * @returns {PackageLog[]}
 */
export function readChangelogs(packages) {
  return packages.map((p) => {
    const file = join(p.dir, 'CHANGELOG.md');
    return { name: p.name, changelog: existsSync(file) ? readFileSync(file, 'utf8') : undefined };
  });
}

/**
 * The "Major Changes" of each release in a changesets CHANGELOG.md (`## <version>` then
 * `### Major Changes`), newest first as the file has them.
 * @param {string} changelog
 * @returns {Breaking[]}
 */
export function majorChanges(changelog) {
  return changelog
    .split(/^## /m)
    .slice(1)
    .flatMap((release) => {
      const version = release.split('\n')[0]?.trim() ?? '';
      const major = /^### Major Changes\s*\n([\s\S]*?)(?=^### |(?![\s\S]))/m.exec(release);
      return major && major[1]?.trim() ? [{ version, changes: major[1].trim() }] : [];
    });
}

/** A package of one interface: its types or its client (`<scope>/<id>-types`, `<scope>/<id>-client`). */
const INTERFACE_PACKAGE = /-(types|client)$/;

/**
 * Whether a pending changeset belongs on an interface's page. A changeset about an interface names
 * that interface's own packages: a contract change needs one for its types package (`pnpm
 * spec-diff`, .changeset/README.md), and then for the shared ones too (the openapi package of every
 * bundle, the sandbox, the validators). So a changeset that names any interface's own package
 * concerns those interfaces only, even where it also names a shared package of this page (D's
 * example change releases the openapi package, C's page showed it); one that names shared packages
 * only (the sandbox's, the validators') concerns each interface whose page lists one of them.
 * @param {Changeset} changeset
 * @param {Set<string>} names the packages of the page's interface
 */
export function touches(changeset, names) {
  const own = changeset.releases.filter((r) => INTERFACE_PACKAGE.test(r.name));
  return own.length > 0 ? own.some((r) => names.has(r.name)) : changeset.releases.some((r) => names.has(r.name));
}

/**
 * @param {{ id: string, letter: string, title: string, version: string }} facts
 * @param {PackageLog[]} logs
 * @param {Changeset[]} changesets all pending ones; the page shows those that touch these packages
 * @param {string} typesPackage the interface's types package (its major changes are the breaking ones)
 * @param {{ versions?: string, root?: string }} [place] the version switcher, and the way to the site's root
 */
export function renderChangelog(facts, logs, changesets, typesPackage, place = {}) {
  const names = new Set(logs.map((log) => log.name));
  const pending = changesets.filter((c) => touches(c, names));
  /** The heading ids of the page: a changeset's Markdown may have headings too. */
  const ids = new Map();
  const released = logs.filter((log) => log.changelog !== undefined);
  const label = facts.letter ? `${facts.letter} · ${facts.title}` : facts.title;
  const types = logs.find((log) => log.name === typesPackage)?.changelog;
  const breaking = types ? majorChanges(types) : [];
  const pendingHtml = pending.length
    ? pending
        .map(
          (c) => `<li>${markdownToHtml(c.summary, 2, ids)}
      <p class="muted">${c.releases
        .filter((r) => names.has(r.name))
        .map((r) => `<code>${escapeHtml(r.name)}</code> ${escapeHtml(r.type)}`)
        .join(', ')} <span>(<code>.changeset/${escapeHtml(c.file)}</code>)</span></p></li>`,
        )
        .join('\n    ')
    : '<li>None.</li>';
  const releasesHtml = released.length
    ? released.map((log) => `<section class="package-log"><h2><code>${escapeHtml(log.name)}</code></h2>\n${markdownToHtml(log.changelog ?? '', 2, ids)}</section>`).join('\n')
    : `<p class="no-release"><strong>No release yet.</strong> None of ${logs.map((log) => `<code>${escapeHtml(log.name)}</code>`).join(', ')} has a CHANGELOG.md; changesets writes one at the first release.</p>`;
  let breakingHtml;
  if (!types) {
    breakingHtml = `<p class="breaking">Nothing is released yet, so there is no breaking-change report between releases. Until the first release, <code>pnpm spec-diff</code> compares the contract with <code>main</code> and refuses a contract change without a changeset for each package it alters, <code>${escapeHtml(typesPackage)}</code> among them: ${escapeHtml(preReleaseRule)}.</p>`;
  } else if (breaking.length === 0) {
    breakingHtml = `<p class="breaking">No breaking change between any two releases of <code>${escapeHtml(typesPackage)}</code>.</p>`;
  } else {
    breakingHtml = breaking.map((b) => `<h3>${escapeHtml(b.version)}</h3>\n${markdownToHtml(b.changes, 3)}`).join('\n');
  }
  return staticPage({
    title: `${facts.title} · changelog`,
    description: `Releases, pending changes and breaking changes of ${facts.title} and its packages.`,
    root: place.root,
    body: `<header>
  <h1>Changelog: ${escapeHtml(label)}</h1>
  <p>Contract version ${escapeHtml(facts.version)}. <a href="./${facts.id}.html">Reference</a></p>
  ${place.versions ?? ''}
</header>
<main>
  <h2>Breaking changes between releases</h2>
  ${breakingHtml}
  <h2>Pending changes (not released yet)</h2>
  <ul class="pending">
    ${pendingHtml}
  </ul>
  <h2>Releases</h2>
  ${releasesHtml}
</main>`,
  });
}
