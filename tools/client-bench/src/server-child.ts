// Entry of the server process the bench forks, so the server has the other core and the
// contenders' measurements do not include its work. Reports its URL over IPC, prints the
// per-operation counts when asked, and ends with its parent (or after ten minutes at most).
import { loadMix } from './mix.js';
import { startMixServer } from './server.js';

const LIFETIME_MS = 10 * 60_000;

const server = await startMixServer(loadMix());
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('message', (message) => {
  if (message === 'counts') process.send?.({ counts: server.counts });
});
process.on('disconnect', stop);
process.on('SIGTERM', stop);
setTimeout(stop, LIFETIME_MS).unref();
process.send?.({ url: server.url });
