// Whether this Node.js is one the package supports, judged by its package.json's `engines.node`
// (the range every package of the repository states), so the `messaging-sandbox` launcher can say
// so in one line instead of failing somewhere inside on an older Node. The grammar is the one that
// range uses: clauses joined by `||`, each `^X.Y.Z` (that major, X.Y.Z or later) or `>=X.Y.Z`.

type Version = [number, number, number];

function parse(text: string): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function atLeast(version: Version, floor: Version): boolean {
  for (let i = 0; i < 3; i++) if (version[i] !== floor[i]) return version[i]! > floor[i]!;
  return true;
}

/**
 * The message for a user on an unsupported Node.js, or undefined when `version` (`20.19.0`, as in
 * `process.versions.node`) satisfies `range`. A range or version it cannot read refuses nothing:
 * npm's own engines warning is then the only word.
 */
export function unsupportedNode(range: string, version: string): string | undefined {
  const current = parse(version);
  if (!current) return undefined;
  for (const clause of range.split('||')) {
    const match = /^\s*(\^|>=)(.+)$/.exec(clause);
    const floor = match ? parse(match[2]!) : undefined;
    if (!match || !floor) return undefined;
    if (atLeast(current, floor) && (match[1] === '>=' || current[0] === floor[0])) return undefined;
  }
  return `Node.js ${version} is not supported; use one of ${range} (engines.node in package.json)`;
}
