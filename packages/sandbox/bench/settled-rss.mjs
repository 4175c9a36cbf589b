// RSS once V8 has returned what a full collection freed: Node 20 unmaps freed pages in a background
// task, so RSS read at once is over 100 MB above what it settles at (seen: 230 MB falling to 106 MB
// in the memory test; 121 to 251 MB between runs of the same bench). Shared by the bench's server
// (bench/server.ts) and the memory test's (test/fixtures/memory-server.mjs); plain JavaScript so
// both run it as it is.
import { setTimeout as sleep } from 'node:timers/promises';

/** Reads RSS until a reading is no lower than the one before, 50 ms apart, at most 40 times. */
export async function settledRss() {
  let rss = process.memoryUsage().rss;
  for (let i = 0; i < 40; i++) {
    await sleep(50);
    const next = process.memoryUsage().rss;
    if (next >= rss) return next;
    rss = next;
  }
  return rss;
}
