#!/usr/bin/env node
// The committed entry point (not a module with types: a launcher) of the `messaging-sandbox` bin: pnpm links a workspace package's bins at
// install time, before dist/ is built, and warns about a bin whose file does not exist yet.
// On a Node.js outside package.json's engines it says so in one line (exit 1) before loading the CLI.
import { readFileSync } from 'node:fs';
import { unsupportedNode } from '../dist/node-support.js';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const refusal = unsupportedNode(engines.node, process.versions.node);
if (refusal) {
  process.stderr.write(`messaging-sandbox: ${refusal}\n`);
  process.exit(1);
}
await import('../dist/cli.js');
