// A count as the verifier prints it: the singular for one (`1 check, 1 failed`, `1 request`), the
// plural otherwise (`0 checks`, `755 checks`). The summary line's readers match `checks?`
// (README, "Command").

/** `1 check`, `2 checks`; `plural` where the noun does not take a plain `s`. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** `were`, or `was` for one: the verb after counted(). */
export const were = (n: number): string => (n === 1 ? 'was' : 'were');
