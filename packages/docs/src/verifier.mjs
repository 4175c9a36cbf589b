// @ts-check
// What the landing page shows of the verifier (`messaging-verify`): the commands of its README's
// "Command" section, as written there (the README is where its flags are defined and kept), and the
// credential flags and environment variables it reads, from the package itself (CREDENTIAL_SOURCES).
import { CREDENTIAL_SOURCES } from '@messaging-contracts/verify';
import { escapeHtml } from './html.mjs';

/**
 * @typedef {{ flag: string, env: string, api: string }} CredentialSource
 * @typedef {{ commands: string[], credentials: CredentialSource[] }} Verifier
 */

/**
 * The lines of the first shell block under the README's `## Command` heading.
 * @param {string} readme
 * @returns {string[]}
 */
export function readmeCommands(readme) {
  const section = /^## Command\s*$([\s\S]*?)(?=^## )/m.exec(`${readme}\n## `)?.[1] ?? '';
  const block = /^```(?:sh|bash|shell)\s*$([\s\S]*?)^```/m.exec(section)?.[1];
  if (block === undefined) throw new Error("the verifier's README has no ```sh block under ## Command: the landing page shows its commands from there");
  return block.split('\n').filter((line) => line.trim() !== '');
}

/**
 * @param {string} readme the verifier's README
 * @returns {Verifier}
 */
export function verifierOf(readme) {
  return { commands: readmeCommands(readme), credentials: CREDENTIAL_SOURCES.map(({ flag, env, api }) => ({ flag, env, api })) };
}

/**
 * The landing page's section on checking a deployment, beside the sandbox's.
 * @param {Verifier} verifier
 * @param {{ guide?: string, operations?: string, example?: string }} links guide: the verifier guide's page;
 *   operations: the Operations page (every `--operation` key); example: one `<id>.<operationId>` to show
 */
export function verifierSection({ commands, credentials }, { guide, operations, example }) {
  /** @type {Map<string, CredentialSource[]>} */
  const byApi = new Map();
  for (const source of credentials) byApi.set(source.api, [...(byApi.get(source.api) ?? []), source]);
  const rows = [...byApi].map(
    ([api, sources]) =>
      `<tr><td><code>${escapeHtml(api)}</code></td><td>${sources.map((s) => `<code>${escapeHtml(s.env)}</code>`).join(', ')}</td><td>${sources.map((s) => `<code>--${escapeHtml(s.flag)}</code>`).join(', ')}</td></tr>`,
  );
  const guideLink = (/** @type {string} */ anchor, /** @type {string} */ text) => (guide ? `<a href="./${escapeHtml(guide)}${anchor}">${text}</a>` : text);
  return `<section class="verifier" id="verifier" aria-labelledby="verifier-title">
    <h2 id="verifier-title">Check a running deployment: the verifier</h2>
    <p><code>messaging-verify</code>, of <code>@messaging-contracts/verify</code>, checks a running deployment of the service (or the sandbox) against the contracts: statuses, bodies, headers, documented limits, error shapes, authentication, workflows and callbacks. Install it first: a bare <code>npx messaging-verify</code> looks for an unrelated package of that name on the npm registry.</p>
    <pre><code>npm install --save-dev @messaging-contracts/verify</code></pre>
    <p>The commands of ${guideLink('#command', 'its guide')}:</p>
    <pre class="verify-commands"><code>${commands.map(escapeHtml).join('\n')}</code></pre>
    <p>Nothing reaches an address other than loopback without <code>--live</code>, and a live run uses only the destinations of its <code>--destinations</code> file; <code>--dry-run</code> prints every request as curl and sends nothing (${guideLink('#safety', 'Safety')}). <code>--api &lt;id&gt;</code> checks one interface; <code>--operation &lt;id&gt;.&lt;operationId&gt;</code> (repeatable) only some operations${
      operations ? `, by the keys on <a href="./${escapeHtml(operations)}">Operations</a>` : ''
    }${example ? `:</p>\n    <pre class="verify-commands"><code>npx messaging-verify --sandbox --operation ${escapeHtml(example)}</code></pre>` : '.</p>'}
    <p>Credentials come from its flags, else from these environment variables (the names every sample on this site reads):</p>
    <div class="table-scroll" role="group" tabindex="0" aria-label="Table: interface, environment variables, flags"><table>
      <thead><tr><th>interface</th><th>environment variables</th><th>flags</th></tr></thead>
      <tbody>
      ${rows.join('\n      ')}
      </tbody>
    </table></div>
    <p>More: ${guideLink('', 'the verifier guide')} (every flag, the checks, what it may send where, its reports).</p>
  </section>`;
}
