// @ts-check
// The guides, one per package family, made from the packages' own READMEs (one source: a guide that
// needs more than its README says gets it in the README), without the sections a README addresses to
// the repository's maintainers (readme-sections.mjs). The sandbox's page keeps its name.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, staticPage } from './html.mjs';
import { markdownToHtml } from './markdown.mjs';
import { withoutMaintainerSections } from './readme-sections.mjs';
import { repositoryDir } from './repository-paths.mjs';

/**
 * @typedef {import('./workspace.mjs').WorkspacePackage} WorkspacePackage
 * @typedef {{ page: string, family: string, about: string, packages: string[] }} Guide
 *   packages: short names (after the scope), the first one's README opens the page
 * @typedef {{ page: string, family: string, packages: string[] }} WrittenGuide packages: full names
 */

/** @type {Guide[]} */
export const GUIDES = [
  { page: 'sandbox.html', family: 'Sandbox', about: 'starting it, the control API, faults and callbacks', packages: ['sandbox'] },
  { page: 'webhooks.html', family: 'Webhooks', about: 'receivers, routing, Express and fetch-style servers, de-duplication', packages: ['webhooks'] },
  { page: 'validators.html', family: 'Validators', about: 'validators by operation, violations, withValidation in a client', packages: ['validators'] },
  { page: 'verify.html', family: 'Verifier', about: 'checking a running deployment (or the sandbox) against the contracts: the checks, what it may send where, its reports', packages: ['verify'] },
  {
    page: 'clients.html',
    family: 'Clients',
    about: 'authentication, errors, retries and timeouts, then each interface\'s client',
    packages: ['client-core', 'gateway-v1-client', 'sms-v2-client', 'im-v1-client', 'campaign-manager-v1-client'],
  },
];

/**
 * Writes each guide whose packages the workspace has (with a README each).
 * @param {(page: string, html: string) => void} write
 * @param {WorkspacePackage[]} workspace
 * @param {string} scope
 * @param {Record<string, string>} apiPages each module's API reference page
 * @param {Record<string, { label: string, href: string }[]>} [references] other reference pages of a
 *   package, by its name (the sandbox's control API reference)
 * @param {{ root: string, link: (dir: string) => (text: string) => string | undefined }} [repository]
 *   the repository's root and the links of its files' paths (repository-paths.mjs)
 * @returns {WrittenGuide[]}
 */
export function writeGuides(write, workspace, scope, apiPages, references = {}, repository = undefined) {
  return GUIDES.flatMap((guide) => {
    const packages = guide.packages.map((short) => workspace.find((p) => p.name === `${scope}/${short}`));
    if (packages.some((p) => !p || !existsSync(join(p.dir, 'README.md')))) return [];
    const found = /** @type {WorkspacePackage[]} */ (packages);
    const single = found.length === 1;
    /** The heading ids on this page: unique across its READMEs. */
    const ids = new Map();
    const sections = found.map((p) => {
      const api = apiPages[p.name];
      const linkPath = repository && repository.link(repositoryDir(repository.root, p.dir));
      const readme = markdownToHtml(withoutMaintainerSections(readFileSync(join(p.dir, 'README.md'), 'utf8')).markdown, single ? 0 : 1, ids, linkPath);
      return `<section class="readme" aria-label="${escapeHtml(p.name)}">
${readme}
${(references[p.name] ?? []).map((ref) => `<p class="api-link">Every operation of <code>${escapeHtml(p.name)}</code>'s HTTP surface: <a href="./${escapeHtml(ref.href)}">its ${escapeHtml(ref.label)}</a>.</p>`).join('\n')}
${api ? `<p class="api-link">Every export of <code>${escapeHtml(p.name)}</code>, with its types: <a href="./${escapeHtml(api)}">its API reference</a>.</p>` : ''}
</section>`;
    });
    const title = `${guide.family} guide`;
    const body = `<main>
${single ? '' : `<h1>${escapeHtml(title)}</h1>\n<p>From the READMEs of ${found.map((p) => `<code>${escapeHtml(p.name)}</code>`).join(', ')}: ${escapeHtml(guide.about)}.</p>\n`}${sections.join('\n')}
</main>`;
    write(guide.page, staticPage({ title: `${title} · messaging service`, description: `${guide.family}: ${guide.about}.`, css: 'main { padding-top: 1.5rem; } .api-link { font-weight: 600; }', body }));
    return [{ page: guide.page, family: guide.family, packages: found.map((p) => p.name) }];
  });
}
