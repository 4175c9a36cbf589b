import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/**
 * publint over a packed tarball (not the folder, so it sees exactly what the registry gets), at
 * its most demanding: every suggestion counts, and warnings count as errors. Returns one line per
 * message; empty when clean.
 */
export async function runPublint(tarball: Uint8Array): Promise<string[]> {
  const buffer = tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) as ArrayBuffer;
  const { messages, pkg } = await publint({ pack: { tarball: buffer }, level: 'suggestion', strict: true });
  return messages.map((message) => `${message.type} ${message.code}: ${formatMessage(message, pkg, { color: false }) ?? ''}`);
}
