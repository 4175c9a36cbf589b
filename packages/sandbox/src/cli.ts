#!/usr/bin/env node
// messaging-sandbox: starts the sandbox and prints where each interface is, the credentials to use,
// and how to point callbacks at a receiver. Ctrl-C (SIGINT) or SIGTERM closes it cleanly, and so
// does the exit of the package runner that started it (npx, npm exec, pnpm exec; unless --outlive-parent).
import { bannerLinks } from './banner-links.js';
import { CONTROL_PREFIX } from './control.js';
import { corsPolicy } from './cors.js';
import { USAGE, UsageError, parseCliArgs } from './cli-args.js';
import type { SecretFlag } from './cli-secrets.js';
import { HostError } from './listen-errors.js';
import { isLoopbackName } from './loopback.js';
import { type RunningCommand, runCommand } from './cli-command.js';
import { watchParent } from './parent-watch.js';
import { createRouteTable } from './routes.js';
import { startSandbox } from './sandbox.js';
import { certificateFile } from './tls.js';

async function main() {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`messaging-sandbox: ${error.message} (--help for usage)\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // Before the start, whose own warnings (listening beyond loopback) the lines below then follow.
  for (const warning of options.cli.warnings) process.stderr.write(`messaging-sandbox: warning: ${warning}\n`);
  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    // A host that cannot be listened on is a bad flag: named as the flag, as parseCliArgs names one.
    const message = error instanceof HostError ? `--host ${error.host}: ${error.rule} (--help for usage)` : error instanceof Error ? error.message : String(error);
    process.stderr.write(`messaging-sandbox: ${message}\n`);
    process.exit(error instanceof RangeError || error instanceof TypeError ? 2 : 1);
  }
  // A generated certificate exists only in this process: a file of it lets a shell trust it. It is
  // removed however the process ends (process 'exit' runs on Ctrl-C's exit too; not on SIGKILL).
  const pem = options.https === true && sandbox.certificate ? certificateFile(sandbox.certificate.cert) : undefined;
  if (pem) process.on('exit', pem.remove);
  // With a command (after `--`) stdout is the command's: the sandbox's own lines go to stderr.
  const say = options.cli.command ? process.stderr : process.stdout;
  let command: RunningCommand | undefined;
  // Before anything is printed: whoever reads the banner may stop the sandbox at once.
  let stopping = false;
  const close = (code: number) => {
    sandbox!.close().then(
      () => {
        say.write('messaging sandbox stopped\n');
        process.exit(code);
      },
      () => process.exit(code || 1),
    );
  };
  // A running command gets the signal and ends the run by exiting; otherwise the sandbox stops.
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (command) return command.signal(signal);
    if (stopping) return;
    stopping = true;
    close(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // `npx messaging-sandbox` runs it under npm, which exits on SIGTERM without passing it on: the
  // sandbox, re-parented, would keep serving. So under a package runner (npm and pnpm set
  // npm_command=exec for `npx`, `npm exec` and `pnpm exec`) it stops when that runner goes away.
  // Started directly, it keeps the usual behaviour of a server: a shell that started it in the
  // background may exit (a CI step whose later steps use it).
  if (process.env.npm_command === 'exec' && !options.cli.outliveParent) watchParent(() => stop('SIGTERM'));
  const c = sandbox.credentials;
  // A secret the user gave (password, API key, control token) is not printed back (a CI log keeps
  // what the banner says), only where it came from; a generated one is printed, as that is how the
  // user learns it. User names are no secret.
  const shown = (flag: SecretFlag, value: string) => {
    const source = options.cli.secretSources[flag];
    return source === undefined ? value : `<given by ${source}>`;
  };
  const urls = sandbox.callbackUrls();
  const links = bannerLinks();
  // With a control token (beyond loopback, or given), the banner's curl lines carry it, or they would answer 401.
  const tokenHeader = sandbox.controlToken === undefined ? '' : ` -H 'x-sandbox-control-token: ${shown('control-token', sandbox.controlToken)}'`;
  // With a generated certificate they trust it, or curl refuses it (60: self-signed certificate).
  const curl = pem ? `curl --cacert ${pem.path}` : 'curl';
  if (sandbox.controlToken !== undefined && !isLoopbackName(options.host ?? '127.0.0.1')) {
    // Beyond loopback anyone who can reach the port can call the interfaces and, with the token,
    // the control API (which sends callbacks wherever it is told). startSandbox has said where
    // (its warning, on stderr, when the socket it bound is beyond loopback); these lines add what
    // the flags set, each a line of its own (a host such as 0177.0.0.1 binds loopback, unwarned).
    process.stderr.write(
      [
        `the control API requires the header x-sandbox-control-token: ${shown('control-token', sandbox.controlToken)}`,
        `at most ${sandbox.maxConnections} connections at once (--max-connections); a further one is closed as it arrives`,
        ...(options.allowSeededCredentials && options.seed !== undefined
          ? ['credentials not given follow from the seed (--allow-seeded-credentials): anyone who knows it can derive them']
          : []),
      ]
        .map((line) => `messaging-sandbox: ${line}\n`)
        .join(''),
    );
  }
  say.write(
    [
      `messaging sandbox on ${sandbox.url}${options.seed !== undefined ? ` (deterministic, seed ${options.seed})` : ''}`,
      ...(options.seed !== undefined || options.clock?.start !== undefined
        ? [
            `  clock: ${sandbox.clock.get().now} (${sandbox.clock.get().mode === 'deterministic' ? 'deterministic: one step per timestamp' : 'real time from there'}); the 60-day scheduling limit and timestamps follow it, not today's date`,
          ]
        : []),
      ...(sandbox.certificate
        ? [
            `  certificate SHA-256 ${sandbox.certificate.fingerprint256}${options.https === true ? ' (self-signed, generated at start)' : ''}`,
            `    public key (SPKI) SHA-256, base64: ${sandbox.certificate.spkiSha256}`,
            ...(pem
              ? [
                  `    PEM: ${pem.path} (removed when the sandbox stops)`,
                  `    trust it: curl --cacert ${pem.path} ${sandbox.url}${CONTROL_PREFIX}/`,
                  `              NODE_EXTRA_CA_CERTS=${pem.path} node your-tests.js`,
                ]
              : []),
            // A page cannot be given a CA: an automated Chromium can be told to accept this key.
            `    ${pem ? '         ' : 'trust it:'} chromium --ignore-certificate-errors-spki-list=${sandbox.certificate.spkiSha256} (a browser under test, e.g. Playwright's launch args)`,
            `  plain HTTP on ${sandbox.httpUrl}: B's requests are redirected to HTTPS (section 1)`,
          ]
        : []),
      `  CORS: ${corsPolicy(options.cors).description}`,
      '',
      `  A gateway-v1           ${sandbox.urls['gateway-v1']}   Basic ${c['gateway-v1'].username}:${shown('gateway-password', c['gateway-v1'].password)}`,
      `  B sms-v2               ${sandbox.urls['sms-v2']}   Authorization: ${shown('sms-api-key', c['sms-v2'].apiKey)}`,
      `  C im-v1                ${sandbox.urls['im-v1']}   authorization: ${shown('im-api-key', c['im-v1'].apiKey)}`,
      `  D campaign-manager-v1  ${sandbox.urls['campaign-manager-v1']}   Basic ${c['campaign-manager-v1'].username}:${shown('campaign-password', c['campaign-manager-v1'].password)}`,
      '',
      `  operations, after each base path (request bodies: the examples in ${links.bundles}):`,
      ...operationLines(),
      '',
      `  callbacks: B status ${urls.smsStatus ?? '(none)'}, B reply ${urls.smsReply ?? '(none)'}, C status ${urls.imStatus ?? '(none)'}`,
      `    set them with --sms-status-url/--sms-reply-url/--im-status-url, or: ${curl} -X PUT ${sandbox.url}${CONTROL_PREFIX}/callbacks${tokenHeader} -H 'content-type: application/json' -d '{"imStatus":"http://127.0.0.1:8080/"}'`,
      `    then change a status: ${curl} -X POST ${sandbox.url}${CONTROL_PREFIX}/status${tokenHeader} -H 'content-type: application/json' -d '{"id":"<message id>","status":"received"}'`,
      `  progress: ${progressLine(sandbox.progress.get())}`,
      `  control API: ${sandbox.url}${CONTROL_PREFIX}/ (described at ${sandbox.url}${CONTROL_PREFIX}/openapi.json)`,
      `  docs: ${links.docs}`,
      '',
      // With a command, the sandbox stops when it exits (Ctrl-C goes to the command).
      options.cli.command ? 'It stops when the command after -- exits.' : 'Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  if (options.cli.command) {
    command = runCommand(options.cli.command, {
      SANDBOX_URL: sandbox.url,
      ...(sandbox.controlToken !== undefined && { SANDBOX_CONTROL_TOKEN: sandbox.controlToken }),
      // A generated certificate's file, so that a Node.js command trusts the sandbox's HTTPS.
      ...(pem && { NODE_EXTRA_CA_CERTS: pem.path }),
    });
    void command.exited.then((code) => {
      stopping = true;
      close(code);
    });
  }
}

/** The global scope's automatic progression (--progress), as set. */
function progressLine({ states, delayMs }: { states: readonly string[]; delayMs: number }): string {
  if (states.length === 0) return 'off (--progress sent>received@500 walks each new B and C message through states)';
  return `${states.join(' > ')}, one every ${delayMs} ms, for each new B (MT) and C message of the global scope`;
}

/** What each interface serves, from the same route table the sandbox answers with. */
function operationLines(): string[] {
  return createRouteTable().apis.map(
    (api) => `    ${api.api.padEnd(20)} ${api.routes.map((route) => `${route.method.toUpperCase()} ${route.template}`).join(' · ')}`,
  );
}

main().catch((error) => {
  process.stderr.write(`messaging-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
