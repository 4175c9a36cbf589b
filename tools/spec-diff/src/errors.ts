/** Input the gate cannot work with (an unknown ref, missing bundles): exit code 2. */
export class UnusableInput extends Error {
  override name = 'UnusableInput';
}
