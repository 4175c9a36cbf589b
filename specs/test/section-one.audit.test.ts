// Section 1 ("What the service does"), read as data where it states more than the later sections:
// B's HTTPS redirect, its two methods, its link shortening and where its credentials come from, and
// C's delivery channels and asynchronous acceptance. Each statement read from the document lands in
// the interface's bundle, so dropping one from a spec fails here.
import { describe, expect, it } from 'vitest';
import { sectionText, readSpecDocument } from '@messaging-contracts/spec-document';
import { deref, type Json, loadBundle } from './bundles.ts';

const section = sectionText(readSpecDocument(), '1');
/** The bullet of section 1 about interface `label`. */
const bullet = (label: string) => {
  const line = section.split('\n').find((text) => text.startsWith(`- Interface ${label} `));
  if (!line) throw new Error(`section 1 has no bullet for interface ${label}`);
  return line;
};
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('interface B (section 1)', () => {
  const text = bullet('B');
  const sms = loadBundle('sms-v2');

  it('only GET and POST are needed by clients: its operations use no other method', () => {
    expect(text).toContain('Only GET and POST are needed by clients.');
    const used = Object.values<Json>(sms.paths).flatMap((item) => methods.filter((method) => item[method]));
    expect(new Set(used)).toEqual(new Set(['get', 'post']));
    expect(squash(sms.info.description)).toContain('Only the methods GET and POST are needed by clients.');
  });

  it('HTTPS is mandatory and plain HTTP requests are redirected: the server and the description say so', () => {
    expect(text).toContain('HTTPS is mandatory and plain HTTP requests are redirected to HTTPS.');
    expect(sms.servers[0].description).toContain('HTTPS is mandatory; plain HTTP requests are redirected to HTTPS.');
    expect(squash(sms.info.description)).toContain('HTTPS is mandatory: plain HTTP requests are redirected to HTTPS.');
  });

  it('sends with automated link shortening: the send operation and its content field say so', () => {
    expect(text).toContain('(with automated link shortening)');
    const send = sms.paths['/messages'].post;
    expect(squash(send.description)).toContain('with automated link shortening');
    expect(sms.components.schemas.SingleMessage.properties.content.description).toMatch(/Links in it are shortened automatically \(section 1\)/);
  });

  it('where the credentials come from lands in the security scheme', () => {
    const where = /Credentials are an application name and a password, obtained from ([^.]+)\./.exec(text)?.[1];
    expect(where).toBeDefined();
    expect(squash(sms.components.securitySchemes.apiKey.description)).toContain(`Credentials are an application name and a password, obtained from ${where}.`);
  });
});

describe('interface C (section 1)', () => {
  const text = bullet('C');
  const im = loadBundle('im-v1');

  it('falls back across the channels it names: the Channel enum', () => {
    const listed = /delivery channels \(([^)]+)\)/.exec(text)?.[1];
    expect(listed).toBeDefined();
    expect(im.components.schemas.Channel.enum).toEqual([...listed!.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  });

  it('accepts the request asynchronously and pushes status callbacks: a 202 and the status webhook', () => {
    expect(text).toContain('It accepts the request asynchronously and pushes status callbacks.');
    const send = im.paths['/message'].post;
    expect(Object.keys(send.responses).filter((status) => status.startsWith('2'))).toEqual(['202']);
    expect(deref(im, im.webhooks.statusCallback).post.requestBody).toBeDefined();
  });
});
