// @ts-check
// `pnpm docs`: serves the built site on 127.0.0.1 and prints its URL. PORT picks the port (0: any
// free one); by default 4173, or any free port when 4173 is taken.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST } from './build.mjs';
import { startServer } from './server.mjs';

const DEFAULT_PORT = 4173;

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('The docs site is not built: run `pnpm build` from the repository root first.');
  process.exit(1);
}

const requested = process.env.PORT === undefined || process.env.PORT === '' ? undefined : Number(process.env.PORT);
if (requested !== undefined && !(Number.isInteger(requested) && requested >= 0 && requested < 65536)) {
  console.error(`PORT must be a port number, got ${process.env.PORT}`);
  process.exit(2);
}

/** @param {number} port */
async function start(port) {
  try {
    return await startServer({ root: DIST, port });
  } catch (error) {
    // Only the default port falls back: a port someone asked for must be the one they get.
    if (requested === undefined && /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE') {
      return startServer({ root: DIST, port: 0 });
    }
    throw error;
  }
}

const server = await start(requested ?? DEFAULT_PORT);
console.log(`Docs site: ${server.url}  (Ctrl-C to stop)`);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    server.close().then(() => process.exit(0));
  });
}
