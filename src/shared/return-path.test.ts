import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/course/42', '/course/42'],
    ['/allcourses?q=python&page=2', '/allcourses?q=python&page=2'],
    ['/shop', '/shop'],
    ['/mycourses/7', '/mycourses/7'],
    ['/', '/'],
    // A fragment is not sent anywhere; it is dropped.
    ['/course/42#reviews', '/course/42'],
  ])('keeps a path of the app: %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/course/1'],
    ['a protocol-relative address', '//evil.example/course/1'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash later on', '/course/1\\..\\..\\evil'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'course/1'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/course/1\nLocation: https://evil.example'],
    ['the sign-in page itself (a loop)', '/register'],
    ['a page that does not exist', '/course/abc'],
    ['a file, not a page', '/assets/app.js'],
    ['the API', '/api/cart'],
    ['an empty value', ''],
    ['a very long value', `/allcourses?q=${'a'.repeat(3000)}`],
    ['not text', 42],
    ['nothing', null],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
