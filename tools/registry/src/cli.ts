#!/usr/bin/env node
// `pnpm registry`: starts the local registry and prints its URL, the one .npmrc line an integrator
// adds (our scope from here), where the publisher's token is (never the token itself: it is for
// `pnpm release:local`, which reads it from the storage folder, and a terminal or CI log is no
// place for it) and where it stores packages. Ctrl-C (SIGINT) or SIGTERM stops it.
import { parseArgs } from 'node:util';
import { RELEASE_HINT, releaseLocalCommand } from './release-command.js';
import { defaultUplink } from './uplink.js';
import { DEFAULT_PORT, PortTakenError, type Registry, SCOPE, defaultStorage, startRegistry } from './registry.js';

const USAGE = `usage: pnpm registry [--port <n>] [--storage <dir>]
  --port     port on 127.0.0.1 (default ${DEFAULT_PORT}; 0: any free port); a taken port is an error
  --storage  where packages are stored (default ${defaultStorage()})`;

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new RangeError(`--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(text)}`);
  return Number(text);
}

async function main() {
  let port: number;
  let storage: string | undefined;
  try {
    const { values } = parseArgs({ options: { port: { type: 'string' }, storage: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    port = parsePort(values.port);
    storage = values.storage;
  } catch (error) {
    process.stderr.write(`registry: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  let registry: Registry;
  try {
    registry = await startRegistry({ port, ...(storage !== undefined ? { storage } : {}), uplink: defaultUplink() });
  } catch (error) {
    process.stderr.write(`registry: ${(error as Error).message}\n`);
    process.exit(error instanceof PortTakenError || error instanceof RangeError ? 2 : 1);
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    registry.close().then(
      () => {
        process.stdout.write('registry stopped\n');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(
    [
      `npm registry (Verdaccio) on ${registry.url}`,
      '',
      "  in your project's .npmrc (or ~/.npmrc), the only line an integrator needs:",
      `    ${SCOPE}:registry=${registry.url}`,
      '',
      `  the publisher's token (_authToken) is in ${registry.npmrcFile} (mode 0600),`,
      "    for publishing only (pnpm release:local reads it there): never copy it into a project's .npmrc, never commit it",
      `  packages stored in ${registry.storage}`,
      `  ${RELEASE_HINT}${releaseLocalCommand(registry.storage)}`,
      '  everything outside @messaging-contracts comes from the default npm registry',
      '',
      'Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  process.stderr.write(`registry: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
