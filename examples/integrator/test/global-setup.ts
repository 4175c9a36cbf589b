// One sandbox for the whole run, in this (the main) process; the test files reach it over HTTP and
// each takes a session of its own (test/session.ts).
import { startSandbox } from '@messaging-contracts/sandbox';
import type { TestProject } from 'vitest/node';

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
