// The README's globalSetup: one sandbox, its address handed to every test file with provide().
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../src/index.js';

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ port: 0 });
  project.provide('sandboxUrl', sandbox.url);
  return () => sandbox.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
  }
}
