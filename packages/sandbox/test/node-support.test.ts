import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unsupportedNode } from '../src/node-support.js';

const range = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;

describe('unsupportedNode', () => {
  it('is this package.json range: Node 20.19+, 22.12+, 24 and later', () => {
    expect(range).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
  });

  it.each(['20.19.0', '20.20.2', '22.12.0', '22.23.3', '24.0.0', '24.21.0', '26.1.0'])('accepts %s', (version) => {
    expect(unsupportedNode(range, version)).toBeUndefined();
  });

  it.each(['18.20.8', '20.18.3', '21.7.3', '22.11.0', '23.11.1'])('refuses %s, naming it and the supported range', (version) => {
    expect(unsupportedNode(range, version)).toBe(`Node.js ${version} is not supported; use one of ${range} (engines.node in package.json)`);
  });

  it('refuses nothing when it cannot read the range or the version', () => {
    expect(unsupportedNode('20 - 24', '18.0.0')).toBeUndefined();
    expect(unsupportedNode(range, '18.0.0-pre')).toBeUndefined();
  });
});
