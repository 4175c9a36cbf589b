import { SEARCH_SCRIPT } from './search-box.mjs';
import { describe, expect, it } from 'vitest';
import { renderLanding } from './landing.mjs';

const facts = (id: string, letter: string, title: string) => ({
  id,
  letter,
  title,
  version: '1.0.0',
  basePath: `/rest/${id}`,
  serverUrl: `{base_url}/rest/${id}`,
  auth: ['API key in header `Authorization`'],
  authDetails: ['Requests carry an `Authorization` header.'],
  purpose: 'Single SMS & <callbacks>.',
  operations: 3,
  callbacks: 2,
});
const entry = (id: string, letter: string, title: string) => ({
  facts: facts(id, letter, title),
  packages: [{ name: `@messaging-contracts/${id}-client`, description: 'The client.', version: '0.0.0', private: false, dir: '', exports: {}, dependencies: {}, repository: '' }],
  changelog: `changelog-${id}.html`,
  firstRequest: { summary: 'Send a single SMS', method: 'post', path: `/rest/${id}/messages`, samples: [{ lang: 'Shell', label: 'curl', source: "curl -X POST 'https://api.example.com/rest/x' <tag>\n" }] },
});

describe('renderLanding', () => {
  const html = renderLanding([entry('gateway-v1', 'A', 'Gateway'), entry('sms-v2', 'B', 'SMS')], { readme: 'sandbox.html', controlApi: 'sandbox-control-api.html' });

  it.each([
    ['letter and title', '>B · SMS</a>'],
    ['version', '<span class="version">1.0.0</span>'],
    ['base path', '<code>/rest/sms-v2</code>'],
    ['auth scheme, code spans as <code>', 'API key in header <code>Authorization</code>'],
    ['what authenticating takes', 'Requests carry an <code>Authorization</code> header.'],
    ['purpose, escaped', 'Single SMS &amp; &lt;callbacks&gt;.'],
    ['counts', '3 operations, 2 callbacks'],
    ['reference link', 'href="./sms-v2.html"'],
    ['JSON bundle download', 'href="./sms-v2.json" download="sms-v2.json"'],
    ['YAML bundle download', 'href="./sms-v2.yaml" download="sms-v2.yaml"'],
    ['changelog link', 'href="./changelog-sms-v2.html"'],
    ['link to what changed between versions', 'href="./changes-sms-v2.html"'],
    ['install line', '<pre class="install"><code>npm install @messaging-contracts/sms-v2-client</code></pre>'],
    ['first request, escaped', '&lt;tag&gt;'],
    ['sandbox started from npm', 'npx messaging-sandbox'],
    ['sandbox started in a test', "const sandbox = await startSandbox({ port: 0 });"],
    ['sandbox README link', 'href="./sandbox.html"'],
    ['quick start against the sandbox', 'use <code>http://127.0.0.1:4010</code> as the base URL'],
    ['sandbox control API reference link', 'href="./sandbox-control-api.html"'],
    ['A or B', 'One SMS: A or B?'],
    // Section 1 states link shortening of B alone; whether A shortens links is not shown, so the
    // section does not call it a difference.
    ['A or B, as what the document states of each', 'What the spec document states of one and not of the other:'],
  ])('shows the %s', (_title, fragment) => {
    expect(html).toContain(fragment);
  });

  it('advises A or B by what the document states, without saying the other lacks it', () => {
    // Section 1 states link shortening of B alone and section 6 shows no events of A ("Interface A
    // and D send no events shown here"); neither says A has none, nor that B has no broadcast.
    const choose = html.slice(html.indexOf('<section class="choose"'), html.indexOf('</section>', html.indexOf('<section class="choose"')));
    expect(choose).not.toMatch(/Use B when you need|use A when you send/i);
    expect(choose).toContain('That it does not state them of the other does not say the other lacks them.');
  });

  it('while the workspace has not released them (0.0.0): where the install lines work today, in one command, and what changes after a release', () => {
    expect(html).toContain('these install from a local registry: see <a href="#install">Install</a>');
    expect(html).toContain('<h2 id="install-title">Install</h2>');
    expect(html).toContain('pnpm release:local');
    expect(html).toContain('echo "@messaging-contracts:registry=http://127.0.0.1:4873/" &gt;&gt; .npmrc &amp;&amp; npm install @messaging-contracts/');
    expect(html).toContain('After the first public release the <code>.npmrc</code> line goes');
    const released = entry('sms-v2', 'B', 'SMS');
    released.packages[0]!.version = '1.2.0';
    const after = renderLanding([released], { readme: 'sandbox.html', controlApi: 'sandbox-control-api.html' });
    expect(after).not.toContain('local registry');
    expect(after).not.toContain('.npmrc');
    expect(after).toContain('<h2 id="install-title">Install</h2>');
  });

  it('names the repository where Install says to clone it, as a command to paste and a link', () => {
    const repository = { clone: 'https://github.com/owner/name.git', web: 'https://github.com/owner/name', dir: 'name' };
    const shown = renderLanding([entry('sms-v2', 'B', 'SMS')], { readme: undefined }, [], { repository });
    expect(shown).toContain('<pre class="clone"><code>git clone https://github.com/owner/name.git\ncd name</code></pre>');
    expect(shown).toContain('from a clone of the contracts repository, <a class="repository" href="https://github.com/owner/name">github.com/owner/name</a>');
  });

  it('never sends the reader to the repository to run the sandbox', () => {
    expect(html).not.toMatch(/repository root|pnpm sandbox/);
  });

  it("loads no script file: its one script is the search box's loader, which loads search.js only when the box is used", () => {
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script>']);
    expect(html).toContain(`s.src=f.dataset.root+'${SEARCH_SCRIPT}'`);
  });

  it('says so when the workspace has no sandbox package, without a link', () => {
    const without = renderLanding([entry('sms-v2', 'B', 'SMS')], { readme: undefined });
    expect(without).toContain('not in this workspace yet');
    expect(without).not.toContain('sandbox.html');
    // Without both A and B there is nothing to choose between.
    expect(without).not.toContain('A or B');
  });
});
