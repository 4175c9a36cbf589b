export function generatedDirs(root: string): string[];
export function driftIn(root: string, dirs: string[]): string[];
export function describeDrift(line: string): string;
export function main(argv: string[], root: string, io?: { out: (line: string) => void; err: (line: string) => void }): 0 | 1 | 2;
