// Reading request bodies with a bound, and writing JSON answers.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Default limit of a request body: 1 MiB. The document gives no content-length limit for A, B, D (section 8). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

/** Reads the whole body as UTF-8 text, or stops at `limit` bytes (declared or counted). */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    req.resume();
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        resolve({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve({ ok: true, text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', () => {
      if (!done) resolve({ ok: false, reason: 'aborted' });
      done = true;
    });
    req.on('aborted', () => {
      if (!done) resolve({ ok: false, reason: 'aborted' });
      done = true;
    });
  });
}

export interface Answer {
  status: number;
  /** A JSON value to serialise; undefined for no body. */
  body?: unknown;
  /** A non-JSON body (B's openapi.yaml). */
  text?: { contentType: string; body: string };
  headers?: Record<string, string>;
  /** Close the connection after answering (an oversized body that was not read). */
  close?: boolean;
}

export function send(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string | number> = { ...answer.headers };
  let payload = '';
  if (answer.text) {
    payload = answer.text.body;
    headers['content-type'] = answer.text.contentType;
  } else if (answer.body !== undefined && answer.status !== 204) {
    payload = JSON.stringify(answer.body);
    headers['content-type'] = 'application/json';
  }
  if (answer.status !== 204) headers['content-length'] = Buffer.byteLength(payload);
  if (answer.close) headers.connection = 'close';
  res.writeHead(answer.status, headers);
  res.end(payload);
}
