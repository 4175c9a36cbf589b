import { describe, expect, it } from 'vitest';
import { repositoryFromUrl, repositoryOf } from './repository.mjs';
import type { WorkspacePackage } from './workspace.mjs';

const pkg = (name: string, repository: string, priv = false): WorkspacePackage => ({
  name,
  version: '0.0.0',
  description: '',
  private: priv,
  dir: '',
  exports: {},
  dependencies: {},
  repository,
});

describe('repositoryFromUrl', () => {
  it("reads npm's git+https form as git clone and a browser take it", () => {
    expect(repositoryFromUrl('git+https://github.com/owner/name.git')).toEqual({ clone: 'https://github.com/owner/name.git', web: 'https://github.com/owner/name', dir: 'name' });
  });

  it('refuses what a reader cannot clone over https, naming the value', () => {
    expect(() => repositoryFromUrl('git@github.com:owner/name.git')).toThrow(/repository\.url "git@github\.com:owner\/name\.git" is not an https URL/);
    expect(() => repositoryFromUrl('git+ssh://git@github.com/owner/name.git')).toThrow(/is not an https URL/);
  });
});

describe('repositoryOf', () => {
  it('is the one repository of the published packages; a private one may name none', () => {
    const url = 'git+https://github.com/owner/name.git';
    expect(repositoryOf([pkg('@s/a', url), pkg('@s/b', url), pkg('@s/docs', '', true)]).clone).toBe('https://github.com/owner/name.git');
  });

  it('fails the build when a published package names another repository, or none, naming each', () => {
    const url = 'git+https://github.com/owner/name.git';
    expect(() => repositoryOf([pkg('@s/a', url), pkg('@s/b', 'git+https://github.com/fork/name.git')])).toThrow(/@s\/a: "git\+https:\/\/github\.com\/owner\/name\.git"; @s\/b: "git\+https:\/\/github\.com\/fork\/name\.git"/);
    expect(() => repositoryOf([pkg('@s/a', url), pkg('@s/b', '')])).toThrow(/@s\/b: none/);
  });
});
