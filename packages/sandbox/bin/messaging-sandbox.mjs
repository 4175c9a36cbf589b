#!/usr/bin/env node
// The committed entry point (not a module with types: a launcher) of the `messaging-sandbox` bin: pnpm links a workspace package's bins at
// install time, before dist/ is built, and warns about a bin whose file does not exist yet.
import '../dist/cli.js';
