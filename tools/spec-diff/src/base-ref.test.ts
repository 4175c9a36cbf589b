// The base ref: the newest release tag by creation date, else the merge-base with main.
import { afterEach, describe, expect, it } from 'vitest';
import { commitOf, resolveBaseRef } from './base-ref.js';
import { UnusableInput } from './errors.js';
import { type TempRepo, tempRepo } from './test-support/git-repo.js';

let repo: TempRepo;
afterEach(() => repo.remove());

interface Given {
  /** Builds history; returns the names of commits by label. */
  history: (repo: TempRepo) => Record<string, string>;
}

const cases: [string, { given: Given; want: (commits: Record<string, string>) => { ref: string; reason: string } }][] = [
  [
    'with no tags, on main, the merge-base is HEAD',
    {
      given: {
        history: (r) => ({
          first: r.commit('first', { a: '1' }, '2024-01-01T00:00:00Z'),
          second: r.commit('second', { a: '2' }, '2024-01-02T00:00:00Z'),
        }),
      },
      want: (c) => ({ ref: c.second!, reason: 'merge-base with main' }),
    },
  ],
  [
    'with no tags, on a branch, the merge-base is where it left main',
    {
      given: {
        history: (r) => {
          const fork = r.commit('fork point', { a: '1' }, '2024-01-01T00:00:00Z');
          r.git('checkout', '--quiet', '-b', 'feature');
          r.commit('feature work', { a: '2' }, '2024-01-02T00:00:00Z');
          r.git('checkout', '--quiet', 'main');
          r.commit('main moves on', { b: '1' }, '2024-01-03T00:00:00Z');
          r.git('checkout', '--quiet', 'feature');
          return { fork };
        },
      },
      want: (c) => ({ ref: c.fork!, reason: 'merge-base with main' }),
    },
  ],
  [
    'with release tags, the newest by creation date wins, whatever the names',
    {
      given: {
        history: (r) => {
          // By name the newest tag sorts between the others, so neither name order finds it.
          r.commit('release gateway', { a: '1' }, '2024-01-01T00:00:00Z');
          r.git('tag', '@messaging-contracts/gateway-v1-types@1.0.0');
          r.commit('release sms', { a: '2' }, '2024-02-01T00:00:00Z');
          r.git('tag', '@messaging-contracts/sms-v2-types@2.0.0');
          r.commit('release im', { a: '3' }, '2024-03-01T00:00:00Z');
          r.git('tag', '@messaging-contracts/im-v1-types@0.2.0');
          r.commit('unrelated tag', { a: '4' }, '2024-04-01T00:00:00Z');
          r.git('tag', 'v9.9.9');
          r.commit('work', { a: '5' }, '2024-05-01T00:00:00Z');
          return {};
        },
      },
      want: () => ({ ref: '@messaging-contracts/im-v1-types@0.2.0', reason: 'newest release tag' }),
    },
  ],
];

describe('resolveBaseRef', () => {
  it.each(cases)('%s', (_title, { given, want }) => {
    repo = tempRepo();
    const commits = given.history(repo);
    expect(resolveBaseRef(repo.dir)).toEqual(want(commits));
  });

  it('gives up with a clear message when there is neither a tag nor main', () => {
    repo = tempRepo();
    repo.git('checkout', '--quiet', '-b', 'trunk');
    repo.commit('first', { a: '1' }, '2024-01-01T00:00:00Z');
    expect(() => resolveBaseRef(repo.dir)).toThrow(UnusableInput);
    expect(() => resolveBaseRef(repo.dir)).toThrow(/pass --base/);
  });
});

describe('commitOf', () => {
  it('resolves a tag to its commit and rejects an unknown ref', () => {
    repo = tempRepo();
    const first = repo.commit('first', { a: '1' }, '2024-01-01T00:00:00Z');
    repo.git('tag', '@messaging-contracts/im-v1-types@0.1.0');
    expect(commitOf(repo.dir, '@messaging-contracts/im-v1-types@0.1.0')).toBe(first);
    expect(() => commitOf(repo.dir, 'no-such-ref')).toThrow('unknown git ref: no-such-ref');
    expect(() => commitOf(repo.dir, '--all')).toThrow(UnusableInput);
  });
});
