// @ts-check
// The repository the packages are published from, as the site names it to a reader who must clone it
// (the Install section: until a public release the packages install from a local registry that a
// clone serves). Read from the published packages' manifests (`repository.url`), never written in the
// docs' source: a manifest that names another repository fails the build.

/**
 * @typedef {{ clone: string, web: string, dir: string }} Repository clone: what `git clone` takes;
 *   web: the page a browser opens; dir: the folder `git clone` makes
 */

/**
 * npm's `repository.url` (`git+https://github.com/owner/name.git`) as `git clone` and a browser take it.
 * @param {string} url
 * @returns {Repository}
 */
export function repositoryFromUrl(url) {
  const clone = url.replace(/^git\+/, '');
  let parsed;
  try {
    parsed = new URL(clone);
  } catch {
    throw new Error(`repository.url ${JSON.stringify(url)} is not an https URL a reader can clone`);
  }
  if (parsed.protocol !== 'https:') throw new Error(`repository.url ${JSON.stringify(url)} is not an https URL a reader can clone`);
  const web = clone.replace(/\.git$/, '');
  return { clone, web, dir: web.split('/').filter(Boolean).at(-1) ?? '' };
}

/**
 * The one repository every published (not private) package names.
 * @param {import('./workspace.mjs').WorkspacePackage[]} workspace
 * @returns {Repository}
 */
export function repositoryOf(workspace) {
  const published = workspace.filter((p) => !p.private);
  const urls = [...new Set(published.map((p) => p.repository))];
  if (urls.length !== 1 || !urls[0]) {
    const named = published.map((p) => `${p.name}: ${p.repository ? JSON.stringify(p.repository) : 'none'}`).join('; ');
    throw new Error(`the published packages must name one repository (package.json repository.url), the one the site tells readers to clone; they name ${named}`);
  }
  return repositoryFromUrl(urls[0]);
}
