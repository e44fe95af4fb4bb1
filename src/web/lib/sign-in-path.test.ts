import { describe, expect, it } from 'vitest';
import { authModeFrom, signInPath } from './sign-in-path';

describe('the sign-in form’s address', () => {
  it.each([
    [undefined, '/register?mode=signin'],
    ['/mycourses', '/register?mode=signin&next=%2Fmycourses'],
    ['/admin/ordenes?q=ORD-12&page=2', '/register?mode=signin&next=%2Fadmin%2Fordenes%3Fq%3DORD-12%26page%3D2'],
    ['/coursescreated/earnings', '/register?mode=signin&next=%2Fcoursescreated%2Fearnings'],
  ])('comes back to a path of the app with its query: %s', (returnTo, expected) => {
    expect(signInPath(returnTo)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/mycourses'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['the form itself', '/register?mode=signin'],
  ])('drops %s as the way back', (_case, returnTo) => {
    expect(signInPath(returnTo)).toBe('/register?mode=signin');
  });
});

describe('the mode /register opens in', () => {
  it('is sign-in only when asked for; the spec’s sign-up otherwise', () => {
    expect(authModeFrom('signin')).toBe('signIn');
    expect(authModeFrom(null)).toBe('signUp');
    expect(authModeFrom('')).toBe('signUp');
    expect(authModeFrom('SIGNIN')).toBe('signUp');
    expect(authModeFrom('signup')).toBe('signUp');
  });
});
