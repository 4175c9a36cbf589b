/** The part of vitest's JSON report that says when each test file ran. */
export interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

/** How many test files there were and the most that were running at one moment. */
export function filesRanInParallel(report: VitestReport): { files: number; atOnce: number } {
  const events = report.testResults.flatMap((file) => [
    { at: file.startTime, delta: 1 },
    { at: file.endTime, delta: -1 },
  ]);
  // At equal times an end comes before a start: touching files did not overlap.
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let running = 0;
  let atOnce = 0;
  for (const event of events) {
    running += event.delta;
    atOnce = Math.max(atOnce, running);
  }
  return { files: report.testResults.length, atOnce };
}
