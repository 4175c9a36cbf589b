// What `changeset publish` prints, as release:local shows it. Before publishing a package,
// changesets asks the registry for it (`npm info`) and logs `warn Received 404 for npm info "<name>"`
// when the registry has never seen it: on a fresh registry that is one warning per package, all of
// them expected. release:local asks the registry itself first (published.ts), so it drops exactly
// those lines for the packages it found absent, and says how many; a 404 for a package the registry
// did hold stays, as does every other line.
const NOT_FOUND = /^🦋\s+warn Received 404 for npm info "([^"]+)"\s*$/;

export function withoutExpected404s(output: string, absent: ReadonlySet<string>): { text: string; dropped: number } {
  let dropped = 0;
  const kept = output.split('\n').filter((line) => {
    const name = NOT_FOUND.exec(line)?.[1];
    if (name === undefined || !absent.has(name)) return true;
    dropped += 1;
    return false;
  });
  return { text: kept.join('\n'), dropped };
}
