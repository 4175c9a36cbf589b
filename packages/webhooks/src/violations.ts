// The violation format is the repository's one (@messaging-contracts/validators); the receivers'
// error bodies are built from it.
export { isSafeText, pointerTokens, toSafeText, type Violation } from '@messaging-contracts/validators';
