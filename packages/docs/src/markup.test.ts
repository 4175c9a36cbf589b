import { describe, expect, it } from 'vitest';
import { findRawTags } from './markup.mjs';

describe('findRawTags', () => {
  it.each([
    ['a placeholder in prose', 'Header authorization: <API_KEY>.', ['<API_KEY>']],
    ['the same in a code span is fine', 'Header `authorization: <API_KEY>`.', []],
    ['in a double-backtick span too', 'Use ``<vendor>`` here.', []],
    ['and in fenced code', '```\n<vendor>\n```', []],
    ['a media type placeholder in prose', 'Send application/vnd.<vendor>.gateway.v1+json.', ['<vendor>']],
    ['intended HTML renders as written', 'Line<br>break and <a href="#x">link</a>.', []],
    ['comparisons are not tags', 'Between 1 < 2 and 3 > 2.', []],
  ])('%s', (_title, description, want) => {
    expect(findRawTags({ info: { description } }).map((hit) => hit.tag)).toEqual(want);
  });

  it('says where, as a JSON pointer', () => {
    const doc = { paths: { '/message': { post: { description: 'authorization: <API_KEY>' } } } };
    expect(findRawTags(doc)).toEqual([{ pointer: '/paths/~1message/post/description', tag: '<API_KEY>' }]);
  });

  it('looks only at descriptions, not at media type names or examples', () => {
    const doc = { content: { 'application/vnd.<vendor>+json': { example: '<b>' } } };
    expect(findRawTags(doc)).toEqual([]);
  });
});
