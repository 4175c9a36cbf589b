#!/usr/bin/env node
// The committed entry point (a launcher, not a module with types) of the `messaging-verify` bin: pnpm links a workspace package's bins at
// install time, before dist/ is built, and warns about a bin whose file does not exist yet.
import '../dist/cli.js';
