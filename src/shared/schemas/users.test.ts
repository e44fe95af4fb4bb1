import { describe, expect, it } from 'vitest';
import { matchPage, paths } from '../paths';
import { deriveUserName, isReservedUserName, updateProfileSchema } from './users';

describe('user names and the /{userName} dashboard', () => {
  it('derives the name from the part of the e-mail before the @', () => {
    expect(deriveUserName('maria.lopez@example.com')).toBe('maria.lopez');
    expect(deriveUserName('x@example.com')).toBe('x');
  });

  it('keeps a derived name off the fixed pages', () => {
    for (const local of ['admin', 'contact', 'about', 'register', 'shop', 'Admin', 'api']) {
      expect(isReservedUserName(local)).toBe(true);
      const name = deriveUserName(`${local}@example.com`);
      expect(isReservedUserName(name)).toBe(false);
      expect(matchPage(paths.dashboard(name))?.page).toBe('dashboard');
    }
  });

  it('reaches the dashboard of names with dots, spaces and accents, but not file names', () => {
    for (const name of ['maria.lopez', 'Lucía Gómez', 'ana.perez.2', 'o/k']) {
      expect(matchPage(paths.dashboard(name)), name).toEqual({ page: 'dashboard', params: { userName: name } });
    }
    expect(matchPage('/favicon.ico')).toBeNull();
    expect(matchPage('/robots.txt')).toBeNull();
    expect(matchPage('/missing-chunk.js')).toBeNull();
  });

  it('accepts an empty picture or an http(s) link, trims the name', () => {
    expect(updateProfileSchema.parse({ name: ' Ana ', image: '' })).toEqual({ name: 'Ana', image: '' });
    expect(updateProfileSchema.safeParse({ name: 'Ana', image: 'HTTPS://EXAMPLE.COM/A.PNG' }).success).toBe(true);
    expect(updateProfileSchema.safeParse({ name: 'Ana', image: 'javascript:alert(1)//http://x' }).success).toBe(false);
  });
});
