import { checkInternalRanges } from './internal-ranges.js';
import { repositoryWebOf } from './readme-paths.js';
import { baseBranch, type Manifest, supportedNode } from './workspace.js';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** A file a TypeScript or JavaScript consumer imports (as opposed to data such as a JSON or YAML bundle). */
const MODULE_FILE = /\.(c|m)?js$|\.d\.(c|m)?ts$/;

/**
 * Problems with the publishing fields of a packed manifest (what the registry will show), for the
 * package at `relativeDir` in the repository: `type`, `exports` with `types` first wherever a
 * subpath leads to a module, `files`, `license`, `repository` (with its folder),
 * `sideEffects: false` for packages of modules, no `workspace:` range left, our own packages by the
 * range their kind takes (internal-ranges.ts: client-core by caret, the rest exact), a README with a
 * TypeScript usage example, `engines.node` the supported versions (`node`, the root's), and a
 * `homepage` at the package's own README (homepageOf).
 */
export function checkManifest(
  manifest: Manifest,
  relativeDir: string,
  readme: string | undefined,
  node: string = supportedNode(),
  branch: string = baseBranch(),
): string[] {
  const problems: string[] = [];
  if (manifest.type !== 'module') problems.push('"type" is not "module": the packages are ESM-only');
  // What npm warns an integrator about on an unsupported Node; the same range in every package.
  const engines = (manifest.engines as { node?: unknown } | undefined)?.node;
  if (engines !== node) problems.push(`engines.node is ${JSON.stringify(engines)}, not the supported "${node}" (the root package.json's)`);
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) problems.push('"files" is missing');
  if (typeof manifest.license !== 'string' || manifest.license.trim() === '') problems.push('"license" is missing');
  problems.push(...checkRepository(manifest.repository, relativeDir));
  problems.push(...checkHomepage(manifest, relativeDir, branch));

  const exports = manifest.exports;
  if (!exports || typeof exports !== 'object' || Array.isArray(exports)) {
    problems.push('"exports" is missing or not a subpath map');
  } else {
    let hasModules = false;
    for (const [subpath, target] of Object.entries(exports as Record<string, unknown>)) {
      if (subpath === './package.json') continue;
      const files = targetsOf(target);
      if (!files.some((file) => MODULE_FILE.test(file))) continue;
      hasModules = true;
      const conditions = target && typeof target === 'object' && !Array.isArray(target) ? Object.keys(target) : [];
      // TypeScript takes the first matching condition, so `types` must come before `import`/`default`.
      if (conditions[0] !== 'types') problems.push(`exports["${subpath}"] has no "types" condition first`);
    }
    if (!('./package.json' in exports)) problems.push('exports has no "./package.json" (tools read it)');
    if (hasModules && manifest.sideEffects !== false) {
      problems.push('"sideEffects" is not false: no module of these packages has side effects on import');
    }
  }

  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const [name, range] of Object.entries(deps as Record<string, unknown>)) {
      if (typeof range === 'string' && range.startsWith('workspace:')) {
        problems.push(`${field}.${name} is still "${range}" in the tarball`);
      }
    }
  }

  problems.push(...checkInternalRanges(manifest));

  if (readme === undefined) problems.push('README.md is missing');
  else if (usageExample(readme) === undefined) problems.push('README.md has no ```ts usage example');
  return problems;
}

/** The first fenced TypeScript block of a README: the package's usage example. */
export function usageExample(readme: string): string | undefined {
  const match = /^```(?:ts|typescript)[^\n]*\n([\s\S]*?)^```/m.exec(readme);
  return match?.[1];
}

/**
 * Where `npm docs <package>` and the registry's page send a reader: the package's own README in the
 * repository, on the branch releases come from. Without `homepage`, npm makes
 * `<repository>#readme` from `repository.url`: the repository's root README, not the package's.
 */
function homepageOf(repository: unknown, relativeDir: string, branch: string): string | undefined {
  const web = repositoryWebOf(repository);
  return web && `${web}/tree/${branch}/${relativeDir}#readme`;
}

export function checkHomepage(manifest: Manifest, relativeDir: string, branch: string): string[] {
  const expected = homepageOf(manifest.repository, relativeDir, branch);
  if (expected === undefined || manifest.homepage === expected) return []; // checkRepository names a bad repository
  return [`homepage is ${JSON.stringify(manifest.homepage)}, not the package's README, "${expected}" (npm docs opens it)`];
}

function checkRepository(repository: unknown, relativeDir: string): string[] {
  if (!repository || typeof repository !== 'object') {
    return ['"repository" is missing (an object with type, url and directory)'];
  }
  const { type, url, directory } = repository as Record<string, unknown>;
  const problems: string[] = [];
  if (type !== 'git') problems.push('repository.type is not "git"');
  if (typeof url !== 'string' || !/^git\+https:\/\/.+\.git$/.test(url)) {
    problems.push('repository.url is not a git+https://….git URL');
  }
  // npm links the package page to this folder; a copied manifest keeps the wrong one.
  if (directory !== relativeDir) problems.push(`repository.directory is ${JSON.stringify(directory)}, not "${relativeDir}"`);
  return problems;
}

function targetsOf(target: unknown): string[] {
  if (typeof target === 'string') return [target];
  if (Array.isArray(target)) return target.flatMap(targetsOf);
  if (target && typeof target === 'object') return Object.values(target).flatMap(targetsOf);
  return [];
}
