import { describe, expect, it } from 'vitest';
import { filesRanInParallel } from '../src/parallel.js';

const file = (startTime: number, endTime: number) => ({ name: `${startTime}.test.ts`, startTime, endTime });

describe('filesRanInParallel', () => {
  it('counts the most files running at one moment', () => {
    expect(filesRanInParallel({ testResults: [file(0, 10), file(2, 8), file(5, 12), file(11, 20)] })).toEqual({ files: 4, atOnce: 3 });
  });

  it('files one after another (touching ends included) ran one at a time', () => {
    expect(filesRanInParallel({ testResults: [file(0, 10), file(10, 20), file(20, 30)] })).toEqual({ files: 3, atOnce: 1 });
    expect(filesRanInParallel({ testResults: [] })).toEqual({ files: 0, atOnce: 0 });
  });
});
