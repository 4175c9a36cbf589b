// One name per credential everywhere a reader copies one from: the READMEs (the guides are made of
// them) and the generated samples use the environment variables `messaging-verify` reads
// (CREDENTIAL_SOURCES), so credentials set for a sample also serve the verifier.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDENTIAL_SOURCES } from '@messaging-contracts/verify';
import { describe, expect, it } from 'vitest';
import { findBundles, readBundle } from './bundles.mjs';
import { samplesOf } from './samples.mjs';
import { workspacePackages, workspaceRoot } from './workspace.mjs';

const bundles = findBundles();
const known = new Set<string>(CREDENTIAL_SOURCES.map((source) => source.env));
// A variable names an interface's credential when it starts with the interface's first word (SMS,
// IM, GATEWAY, CAMPAIGN) and ends with a credential part; a receiver's own secret (CALLBACK_PASSWORD)
// or the sandbox's address is not one.
const prefixes = [...new Set(bundles.map(({ id }) => id.split('-')[0]!.toUpperCase()))];
const credentialVariable = new RegExp(`^(${prefixes.join('|')})(_[A-Z0-9]+)*_(API_KEY|KEY|PASSWORD|USERNAME|USER|TOKEN|SECRET)$`);

/** Every environment variable a text reads: `process.env.NAME` in code, `$NAME` in a shell line. */
function variablesIn(text: string): string[] {
  return [...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|\$\{?([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** The credential variables of the texts that the verifier does not read, each with where it is. */
function unknownCredentials(texts: [string, string][]): string[] {
  return texts.flatMap(([where, text]) => variablesIn(text).filter((name) => credentialVariable.test(name) && !known.has(name)).map((name) => `${where}: ${name}`));
}

describe("credential variables: the verifier's names everywhere", () => {
  it('in every README', () => {
    const readmes = [workspaceRoot(), ...workspacePackages().map((p) => p.dir)].map((dir) => join(dir, 'README.md')).filter((file) => existsSync(file));
    expect(readmes.length).toBeGreaterThan(10);
    expect(unknownCredentials(readmes.map((file) => [file.slice(workspaceRoot().length + 1), readFileSync(file, 'utf8')]))).toEqual([]);
  });

  it('in every generated sample, which reads each interface credential', () => {
    const texts: [string, string][] = bundles.flatMap(({ id, jsonPath }) =>
      [...samplesOf(readBundle(jsonPath), id)].flatMap(([operationId, samples]) => samples.map((sample) => [`${id}.${operationId} ${sample.label}`, sample.source] as [string, string])),
    );
    expect(unknownCredentials(texts)).toEqual([]);
    const read = new Set(texts.flatMap(([, text]) => variablesIn(text)));
    expect([...known].filter((name) => !read.has(name))).toEqual([]);
  });

  it('would find a name the verifier does not read', () => {
    expect(unknownCredentials([['x', "apiKey: process.env.SMS_API_KEY!, password: process.env.GATEWAY_V1_PASSWORD!, -u \"$CAMPAIGN_USER:$X\""]])).toEqual(['x: SMS_API_KEY', 'x: CAMPAIGN_USER']);
  });
});
