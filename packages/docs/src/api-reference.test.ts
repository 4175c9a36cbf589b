import { describe, expect, it } from 'vitest';
import { dependenciesFirst } from './api-reference.mjs';

const p = (name: string, ...dependsOn: string[]) => ({ name, dependencies: Object.fromEntries(dependsOn.map((dep) => [dep, 'workspace:*'])) });
const names = (packages: { name: string }[]) => packages.map((pkg) => pkg.name);

describe('dependenciesFirst', () => {
  it('puts a package after the workspace packages it depends on, by name otherwise', () => {
    const packages = [p('b-client', 'core', 'b-types', 'openapi-fetch'), p('a-client', 'core', 'a-types'), p('core'), p('b-types'), p('a-types'), p('z')];
    expect(names(dependenciesFirst(packages))).toEqual(['a-types', 'b-types', 'core', 'a-client', 'b-client', 'z']);
  });

  it('places every package once, also in a cycle', () => {
    expect(names(dependenciesFirst([p('b', 'a'), p('a', 'b'), p('c', 'a')]))).toEqual(['a', 'b', 'c']);
  });
});
