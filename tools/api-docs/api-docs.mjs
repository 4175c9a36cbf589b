#!/usr/bin/env node
// @ts-check
// The API reference of the publishable packages: TypeDoc run over the declarations each package
// publishes (the `types` of every entry of its `exports`), so the reference is what an installer's
// editor sees, one module per import path (`@messaging-contracts/validators/sms-v2` included).
//
// Its own package, and its own process: TypeDoc 0.28 reads code with the TypeScript 5 API
// (peer `typescript` 5.0 to 6.0), while the workspace compiles with TypeScript 7; this package keeps
// TypeScript 5.9 for TypeDoc alone, as tools/typegen does for openapi-typescript. The docs build is
// synchronous and runs this file as a child process (`node api-docs.mjs <request.json>`), which
// prints the result as JSON.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ name: string, description: string, dir: string, exports: Record<string, unknown> }} Package
 * @typedef {{ packages: Package[], out: string, cache: string, title: string, home: { label: string, href: string } }} Request
 *   home.href is relative to the folder above `out` (the site's root): every page gets the link with its own depth
 * @typedef {{ pages: string[], modules: Record<string, string>, cached: boolean }} Result
 *   pages and modules' pages relative to `out`, forward slashes
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const TYPEDOC_VERSION = JSON.parse(readFileSync(join(HERE, 'node_modules/typedoc/package.json'), 'utf8')).version;
// A placeholder TypeDoc writes as is in each page's header, replaced by the path to the site's root
// at the page's depth (TypeDoc writes `navigationLinks` verbatim, so a relative link would point
// elsewhere from every folder).
const ROOT = '__site_root__/';
// An empty icon, as the rest of the site has: otherwise the browser asks for /favicon.ico.
const NO_FAVICON = '<link rel="icon" href="data:,">';

/**
 * Each import path of a package and the declaration file it resolves to.
 * @param {Package} pkg
 * @returns {{ module: string, declarations: string }[]}
 */
export function entryPointsOf(pkg) {
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const types = target && typeof target === 'object' && 'types' in target ? target.types : undefined;
    if (typeof types !== 'string') return [];
    return [{ module: pkg.name + subpath.slice(1), declarations: join(pkg.dir, types) }];
  });
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/**
 * What the reference is made from: TypeDoc's version, this generator, the request, and every declaration file of
 * each package. The same key is the same reference, so a build reuses it (TypeDoc takes most of a
 * docs build's time otherwise).
 * @param {Request} request
 */
export function cacheKey(request) {
  const hash = createHash('sha256').update(`typedoc ${TYPEDOC_VERSION}\n${JSON.stringify({ ...request, out: '', cache: '' })}\n`);
  // This generator itself: its options and its stylesheet.
  for (const own of ['api-docs.mjs', 'phone.css']) hash.update(readFileSync(join(HERE, own)));
  for (const pkg of request.packages) {
    const dist = join(pkg.dir, 'dist');
    for (const file of filesUnder(dist).filter((name) => name.endsWith('.d.ts'))) hash.update(`${pkg.name}/${file}\n`).update(readFileSync(join(dist, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Runs TypeDoc into `into`. Each entry point is a small file that re-exports a package's
 * declarations under a `@module` comment naming its import path, so the modules are named as
 * readers import them (not by their paths on this disk).
 * @param {Request} request
 * @param {string} into
 * @returns {Promise<Record<string, string>>} each module's page
 */
async function runTypeDoc(request, into) {
  const { Application, PageEvent, ReflectionKind } = await import('typedoc');
  const entries = join(dirname(into), 'entries');
  rmSync(entries, { recursive: true, force: true });
  mkdirSync(entries, { recursive: true });
  const files = request.packages.flatMap((pkg) =>
    entryPointsOf(pkg).map(({ module, declarations }) => {
      const file = join(entries, `${module.replace(/^@/, '').replace(/\//g, '__')}.d.ts`);
      const target = declarations.replace(/\.d\.ts$/, '.js');
      writeFileSync(file, `/**\n * ${pkg.description.replace(/\*\//g, '* /')}\n * @module ${module}\n */\nexport * from ${JSON.stringify(target)};\n`);
      return file;
    }),
  );
  writeFileSync(
    join(entries, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, skipLibCheck: true, types: [] }, files }),
  );
  try {
    const app = await Application.bootstrap({
      entryPoints: files,
      entryPointStrategy: 'resolve',
      tsconfig: join(entries, 'tsconfig.json'),
      name: request.title,
      readme: 'none',
      // The declarations are checked by the packages' own builds; TypeDoc only reads them.
      skipErrorChecking: true,
      // Links would point into this repository on a host; the reference stands on its own.
      disableSources: true,
      disableGit: true,
      githubPages: false,
      hideGenerator: true,
      cleanOutputDir: true,
      navigationLinks: { [request.home.label]: `${ROOT}${request.home.href}` },
      customCss: join(HERE, 'phone.css'),
      // The entry files sit in the docs package's node_modules/.cache, which TypeDoc's default
      // pattern takes for a dependency: every declaration was "external", and left out of search.
      externalPattern: [],
      // In the sidebar a module with children is a <details> whose <summary> holds the module's link:
      // a link inside a control (axe-core: nested-interactive, serious). Each module is a leaf there
      // instead, a link to its page, which lists what it exports.
      // Import paths with a slash (`@messaging-contracts/validators/sms-v2`) would make a folder, whose
      // summary holds a link too: every module is listed flat.
      navigation: { includeFolders: false },
      navigationLeaves: request.packages.flatMap((pkg) => entryPointsOf(pkg).map(({ module }) => module)),
      logLevel: 'Warn',
    });
    const project = await app.convert();
    if (!project) throw new Error('TypeDoc could not read the packages\' declarations (see its messages above)');
    /** @type {Record<string, string>} */
    const modules = {};
    app.renderer.on(PageEvent.END, (/** @type {any} */ page) => {
      if (page.model?.kindOf?.(ReflectionKind.Module)) modules[page.model.name] = page.url;
    });
    await app.generateDocs(project, into);
    const missing = (project.children ?? []).map((child) => child.name).filter((name) => !(name in modules));
    if (missing.length > 0) throw new Error(`TypeDoc wrote no page for ${missing.join(', ')}`);
    return modules;
  } finally {
    rmSync(entries, { recursive: true, force: true });
  }
}

/**
 * A section's heading is the <summary> that folds it, and TypeDoc puts a permalink inside the heading:
 * a link inside a control, which a screen reader announces as one control (axe-core:
 * nested-interactive, serious). The section keeps its id; only the link inside the summary goes.
 * @param {string} html
 */
export function withoutLinksInSummaries(html) {
  return html.replace(/<summary\b[^>]*>[\s\S]*?<\/summary>/g, (summary) => summary.replace(/<a\b[^>]*class="tsd-anchor-icon"[^>]*>[\s\S]*?<\/a>/g, ''));
}

/**
 * The header link to the site's root at each page's depth, the empty icon, and no link in a summary.
 * @param {string} out
 */
function finishPages(out) {
  for (const page of filesUnder(out).filter((file) => file.endsWith('.html'))) {
    const depth = page.split('/').length; // 1 for index.html: the site's root is one folder up
    const html = readFileSync(join(out, page), 'utf8');
    writeFileSync(join(out, page), withoutLinksInSummaries(html.replaceAll(ROOT, '../'.repeat(depth)).replace('<head>', `<head>${NO_FAVICON}`)));
  }
}

/**
 * @param {Request} request
 * @returns {Promise<Result>}
 */
export async function buildApiReference(request) {
  const key = cacheKey(request);
  const cached = join(request.cache, key);
  const hit = existsSync(join(cached, 'modules.json'));
  if (!hit) {
    // Built beside the cache and renamed into it whole, so a build running beside this one (two
    // test files) never copies half a reference; older references are dropped.
    const building = join(request.cache, `${key}.${process.pid}.tmp`);
    rmSync(building, { recursive: true, force: true });
    const site = join(building, 'site');
    const modules = await runTypeDoc(request, site);
    finishPages(site);
    writeFileSync(join(building, 'modules.json'), JSON.stringify(modules));
    for (const old of existsSync(request.cache) ? readdirSync(request.cache) : []) {
      if (!old.endsWith('.tmp')) rmSync(join(request.cache, old), { recursive: true, force: true });
    }
    try {
      renameSync(building, cached);
    } catch {
      // Another build put the same reference there first.
      rmSync(building, { recursive: true, force: true });
    }
  }
  // Copied beside the output folder, then renamed into place: a server reading the site meanwhile
  // finds no api/ folder for a moment (a 404), never a page copied halfway.
  const staged = `${request.out}.${process.pid}.tmp`;
  rmSync(staged, { recursive: true, force: true });
  cpSync(join(cached, 'site'), staged, { recursive: true });
  rmSync(request.out, { recursive: true, force: true });
  renameSync(staged, request.out);
  const pages = filesUnder(request.out).filter((file) => file.endsWith('.html'));
  return { pages, modules: JSON.parse(readFileSync(join(cached, 'modules.json'), 'utf8')), cached: hit };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node api-docs.mjs <request.json>');
    process.exit(2);
  }
  const result = await buildApiReference(JSON.parse(readFileSync(file, 'utf8')));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

