// @ts-check
// The landing page: for each interface its letter, version, purpose, packages with install lines,
// reference, bundle downloads, changelog and a quick start (authentication and a first request); which
// of A and B to use for one SMS; the sandbox. No script but the search box's loader (search-box.mjs);
// one column from 320 px up.
import { escapeHtml, inline, staticPage } from './html.mjs';
import { verifierSection } from './verifier.mjs';

/**
 * @typedef {import('./bundles.mjs').InterfaceFacts} InterfaceFacts
 * @typedef {import('./workspace.mjs').WorkspacePackage} WorkspacePackage
 * @typedef {import('./samples.mjs').CodeSample} CodeSample
 * @typedef {{
 *   facts: InterfaceFacts, packages: WorkspacePackage[], changelog: string,
 *   firstRequest: { summary: string, operationId?: string, method: string, path: string, samples: CodeSample[] } | undefined,
 * }} LandingInterface
 * @typedef {{ readme: string | undefined, controlApi?: string | undefined }} Sandbox readme: the site page of the sandbox's README, if the workspace
 *   has the package; controlApi: the page of its control API reference
 * @typedef {{ name: string, description: string, reference: { label: string, href: string }[] }} PublishedPackage
 *   reference: its API reference pages (one per import path) or, for the bundles' package, the interfaces' references
 */

/**
 * What a package is for, in a few words: by the repository's naming (`-client`, `-types`, the package
 * exporting the bundles), else its description up to the first colon or full stop.
 * @param {WorkspacePackage} p
 */
function roleOf(p) {
  if (p.name.endsWith('-client')) return 'the client: typed calls with the interface\'s authentication (types included)';
  if (p.name.endsWith('-types')) return 'the types alone, generated from the contract';
  if (Object.keys(p.exports).some((key) => key.endsWith('.json') && key !== './package.json')) return 'the contract: the OpenAPI 3.1 bundles, JSON and YAML';
  return p.description.split(/[:.](\s|$)/)[0] ?? '';
}

/** @param {LandingInterface} api */
function card({ facts, packages, changelog, firstRequest }) {
  const label = facts.letter ? `${facts.letter} · ${facts.title}` : facts.title;
  const counts = `${facts.operations} ${facts.operations === 1 ? 'operation' : 'operations'}${
    facts.callbacks ? `, ${facts.callbacks} ${facts.callbacks === 1 ? 'callback' : 'callbacks'}` : ''
  }`;
  const installs = packages
    .map((p) => `<li><pre class="install"><code>npm install ${escapeHtml(p.name)}</code></pre> <span class="muted">${escapeHtml(roleOf(p))}</span></li>`)
    .join('\n      ');
  const samples = (firstRequest?.samples ?? [])
    .map((sample) => `<h4>${escapeHtml(sample.label)}</h4>\n      <pre><code>${escapeHtml(sample.source.trimEnd())}</code></pre>`)
    .join('\n      ');
  return `<section class="api" id="${facts.id}" aria-labelledby="${facts.id}-title">
    <h2 id="${facts.id}-title"><a class="reference" href="./${facts.id}.html">${escapeHtml(label)}</a> <span class="version">${escapeHtml(facts.version)}</span></h2>
    <p class="purpose">${inline(facts.purpose)}</p>
    <dl class="facts">
      <dt>Base path</dt><dd class="base-path"><code>${escapeHtml(facts.basePath)}</code></dd>
      <dt>Authentication</dt><dd class="auth">${facts.auth.map(inline).join('<br>')}</dd>
      <dt>Contract</dt><dd class="count">${counts}</dd>
    </dl>
    <p class="links"><a href="./${facts.id}.html">Reference</a>
      · <a href="./${facts.id}.json" download="${facts.id}.json" type="application/json">JSON bundle</a>
      · <a href="./${facts.id}.yaml" download="${facts.id}.yaml" type="application/yaml">YAML bundle</a>
      · <a href="./${changelog}">Changelog</a>
      · <a href="./changes-${facts.id}.html">What changed between versions</a></p>
    <h3>Packages</h3>${
      // 0.0.0 is the workspace version before the first release (changesets sets the real one).
      packages.every((p) => p.version === '0.0.0')
        ? '\n    <p class="muted unreleased">Until the first public release these install from a local registry: see <a href="#install">Install</a>.</p>'
        : ''
    }
    <ul class="packages">
      ${installs}
    </ul>
    <details class="quick-start">
    <summary><h3>Quick start: authentication and a first request</h3></summary>
    <p class="auth-detail"><strong>Authentication</strong>${facts.authDetails.some((text) => text.includes('section 5')) ? '' : ' (section 5)'}: ${facts.authDetails.map(inline).join(' ')}</p>
    ${
      firstRequest
        ? `<p><strong>A first request</strong>: ${inline(firstRequest.summary)}, <code>${escapeHtml(firstRequest.method.toUpperCase())} ${escapeHtml(firstRequest.path)}</code>, from its example in the contract.</p>
      ${samples}
      <p class="against-sandbox">Without credentials for the service: start the sandbox (<code>npx messaging-sandbox</code>, <a href="#sandbox">below</a>) and use <code>http://127.0.0.1:4010</code> as the base URL, with the credentials it prints.</p>`
        : ''
    }
    </details>
  </section>`;
}

/**
 * Both A and B send one SMS to one destination; what the spec document states of one and not of
 * the other (section 1; that it does not state link shortening of A does not say A has none).
 * Shown when the site has both letters.
 * @param {LandingInterface[]} interfaces
 */
function aOrB(interfaces) {
  const a = interfaces.find((api) => api.facts.letter === 'A')?.facts;
  const b = interfaces.find((api) => api.facts.letter === 'B')?.facts;
  if (!a || !b) return '';
  const link = (/** @type {InterfaceFacts} */ f) => `<a href="#${f.id}">${escapeHtml(f.letter)} (${escapeHtml(f.title)})</a>`;
  return `<section class="choose" aria-labelledby="choose-title">
    <h2 id="choose-title">One SMS: A or B?</h2>
    <p>Both ${link(a)} and ${link(b)} send one SMS to one destination (spec document, section 1). What the spec document states of one and not of the other:</p>
    <ul>
      <li><strong>B</strong> shortens links in the text automatically, pushes status (delivery report) callbacks to your receiver, defines a reply callback (its trigger and target are not shown in the spec document, section 6), and looks a message up by its UUID.</li>
      <li><strong>A</strong> also sends one SMS to many destinations in one request (broadcast), and looks a message up by its numeric id. No events of A are shown in the spec document (section 6).</li>
    </ul>
    <p>So, by the spec document: for delivery reports or link shortening, B is the interface it documents them for; for one text to many handsets in one request, A. That it does not state them of the other does not say the other lacks them.</p>
  </section>`;
}

/**
 * Every publishable package with what it is for and where its reference is: the API reference
 * generated from its declarations (api-reference.mjs).
 * @param {PublishedPackage[]} packages
 */
function packageReferences(packages) {
  if (packages.length === 0) return '';
  const items = packages.map(
    (p) => `<li><code class="package">${escapeHtml(p.name)}</code>: ${inline(p.description)}${
      p.reference.length > 0 ? `<br><span class="references">${p.reference.map(({ label, href }) => `<a href="./${escapeHtml(href)}">${escapeHtml(label)}</a>`).join(' · ')}</span>` : ''
    }</li>`,
  );
  return `<section class="package-references" id="package-references" aria-labelledby="package-references-title">
    <h2 id="package-references-title">Every package, its guide and its API reference</h2>
    <p>The ${packages.length} packages published from this repository. Each guide is its package's README (for the clients, the shared rules and then each client's); each API reference is generated by TypeDoc from the declarations the package publishes, so it shows what your editor shows after installing it.</p>
    <ul>
      ${items.join('\n      ')}
    </ul>
  </section>`;
}

/**
 * How to install the packages today, and what changes after a public release. Before it (every
 * package at 0.0.0) the install lines above 404 on the public registry, so this says where they
 * work: a local registry the repository starts and publishes to in one command each
 * (tools/registry).
 * @param {LandingInterface[]} interfaces
 * @param {import('./repository.mjs').Repository | undefined} repository the repository to clone (repository.mjs)
 */
function installSection(interfaces, repository) {
  const released = interfaces.some(({ packages }) => packages.some((p) => p.version !== '0.0.0'));
  const client = interfaces.find(({ packages }) => packages.some((p) => p.name.endsWith('-client')))?.packages.find((p) => p.name.endsWith('-client'))?.name ?? '@messaging-contracts/im-v1-client';
  return `<section class="install-section" id="install" aria-labelledby="install-title">
    <h2 id="install-title">Install</h2>${
      released
        ? ''
        : `
    <p>Not on the public npm registry yet. Until then, from a clone of the contracts repository${
      repository ? `, <a class="repository" href="${escapeHtml(repository.web)}">${escapeHtml(repository.web.replace(/^https:\/\//, ''))}</a>` : ''
    }, a local registry on your machine serves them.${
      repository
        ? ` Clone it and set it up with the first command of <a href="${escapeHtml(repository.web)}#readme">its README</a> (pnpm 12, then install and build):</p>
    <pre class="clone"><code>git clone ${escapeHtml(repository.clone)}
cd ${escapeHtml(repository.dir)}</code></pre>
    <p>Then, in the clone:</p>`
        : '</p>'
    }
    <pre><code>pnpm registry          # another terminal: prints the registry's URL and your project's .npmrc line; Ctrl-C stops it
pnpm release:local     # builds and publishes every package to it</code></pre>
    <p>Then, in your project, with the scope line it printed in your <code>.npmrc</code> (4873 is its default port):</p>
    <pre class="install"><code>echo "@messaging-contracts:registry=http://127.0.0.1:4873/" &gt;&gt; .npmrc &amp;&amp; npm install ${escapeHtml(client)}</code></pre>`
    }
    <p>${released ? 'From the npm registry, as each interface lists above. ' : 'After the first public release the <code>.npmrc</code> line goes, and every install line above works as it stands against the default npm registry. '}Every package follows semver on its own: a <code>^</code> range never picks up a breaking contract change (the changelog of each interface says what changed).</p>
  </section>`;
}

/**
 * The sandbox as someone outside this repository runs it: installed from npm, started with
 * `npx messaging-sandbox`, or with `startSandbox` in a test (never "from the repository root").
 * @param {Sandbox} sandbox
 */
function sandboxSection({ readme, controlApi }) {
  const links = [
    readme ? `<a href="./${readme}">the sandbox guide</a> (starting it, sessions, faults, callbacks)` : '',
    controlApi ? `<a href="./${controlApi}">the control API reference</a> (the sandbox's own API, not the service's)` : '',
  ].filter(Boolean);
  return `<section class="sandbox" id="sandbox" aria-labelledby="sandbox-title">
    <h2 id="sandbox-title">Try it locally: the sandbox</h2>
    <p><code>@messaging-contracts/sandbox</code> is a local stand-in for the service: the four interfaces on one port, answering from the contracts' examples, with state, callbacks and faults. The quick starts above run against it without credentials for the real service: give them its address as <code>baseUrl</code> and the credentials it prints.</p>
    <pre><code>npm install --save-dev @messaging-contracts/sandbox
npx messaging-sandbox    # http://127.0.0.1:4010, prints each interface's credentials; Ctrl-C stops it</code></pre>
    <p>In a test, one on a free port:</p>
    <pre><code>import { startSandbox } from '@messaging-contracts/sandbox';
import { createImClient } from '@messaging-contracts/im-v1-client';

const sandbox = await startSandbox({ port: 0 });
const im = createImClient({ baseUrl: sandbox.url, apiKey: sandbox.credentials['im-v1'].apiKey });
// … the test …
await sandbox.close();</code></pre>
    <p>${links.length > 0 ? `More: ${links.join('; ')}.` : 'The sandbox package is not in this workspace yet, so this site has no page for it.'}</p>
  </section>`;
}

const LANDING_CSS = `
  .api { border-top: 1px solid var(--rule); margin-top: 2rem; }
  .api h2 a { text-decoration: none; }
  .version { font-size: 0.875rem; font-weight: normal; color: var(--muted); border: 1px solid var(--rule); border-radius: 3px; padding: 0 0.35em; white-space: nowrap; }
  .purpose { font-size: 1.05rem; }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.75rem 0; }
  .facts dt { color: var(--muted); }
  .facts dd { margin: 0; min-width: 0; }
  .packages { padding-left: 0; list-style: none; }
  .packages li { margin-bottom: 0.6rem; }
  .packages pre { margin: 0 0 0.1rem; }
  .quick-start { margin: 1rem 0; }
  .quick-start summary { cursor: pointer; }
  .quick-start summary h3 { display: inline; }
  h4 { font-size: 0.9rem; margin: 0.75rem 0 0; color: var(--muted); }
  .choose { background: #f5f7ff; border: 1px solid #d8defa; border-radius: 6px; padding: 0 1rem 0.5rem; margin-top: 1.5rem; }
  .choose h2 { margin-top: 1rem; }
  .package-references { border-top: 1px solid var(--rule); margin-top: 2rem; }
  .package-references li { margin-bottom: 0.5rem; }
  nav.contents ul { padding-left: 1.1rem; }
  @media (max-width: 30rem) { .facts { grid-template-columns: 1fr; } .facts dd { margin-bottom: 0.35rem; } }
`;

/**
 * @param {LandingInterface[]} interfaces
 * @param {Sandbox} sandbox
 * @param {PublishedPackage[]} [packages] every publishable package, with its API reference
 * @param {{ repository?: import('./repository.mjs').Repository, verifier?: import('./verifier.mjs').Verifier, verifierGuide?: string, operations?: string }} [site]
 *   repository: where the packages come from; verifier: what its section shows (none without the package);
 *   verifierGuide: its guide's page; operations: the page of every operation's keys
 */
export function renderLanding(interfaces, sandbox, packages = [], { repository, verifier, verifierGuide, operations } = {}) {
  const first = interfaces.find(({ firstRequest }) => firstRequest?.operationId);
  const example = first && `${first.facts.id}.${first.firstRequest?.operationId}`;
  const contents = interfaces
    .map(({ facts }) => `<li><a href="#${facts.id}">${escapeHtml(facts.letter ? `${facts.letter} · ${facts.title}` : facts.title)}</a> ${escapeHtml(facts.version)}: ${inline(facts.purpose)}</li>`)
    .join('\n      ');
  return staticPage({
    title: 'Messaging service · API reference',
    description: `References, packages and OpenAPI 3.1 bundles of the messaging service's ${interfaces.length} HTTP/JSON interfaces.`,
    back: false,
    css: LANDING_CSS,
    body: `<header>
  <h1>Messaging service API reference</h1>
  <p>The ${interfaces.length} HTTP/JSON interfaces of the messaging service, by their letter in the spec document. Each reference is rendered
  from its published OpenAPI 3.1 bundle; the bundles are the contract. Base paths are relative to the service's <code>{base_url}</code>, which the contracts leave to the deployment.</p>
</header>
<main>
  <nav class="contents" aria-label="Contents">
    <ul>
      ${contents}${packages.length > 0 ? '\n      <li><a href="#package-references">Every package, its guide and its API reference</a></li>' : ''}
${operations ? `      <li><a href="./${escapeHtml(operations)}">Operations</a>: every operation with its types, client call, validator, sandbox fault key and verifier option</li>\n` : ''}      <li><a href="#sandbox">Try it locally: the sandbox</a></li>${verifier ? '\n      <li><a href="#verifier">Check a running deployment: the verifier</a></li>' : ''}
    </ul>
  </nav>
  ${aOrB(interfaces)}
  ${installSection(interfaces, repository)}
  ${interfaces.map(card).join('\n  ')}
  ${packageReferences(packages)}
  ${sandboxSection(sandbox)}
  ${verifier ? verifierSection(verifier, { guide: verifierGuide, operations, example }) : ''}
</main>
<footer>
  <p>Samples are generated from each operation's example in the contract and type-checked against the packages they import. Where the contract gives no example for a parameter, the sample uses a placeholder (<code>your-&lt;name&gt;</code>, or 1 for a number): this site's choice, not the service's.</p>
</footer>`,
  });
}
