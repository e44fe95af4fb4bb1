import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageDeclaration, pageNames, serverRenderedPages } from './pages';
import { linkFrom, matchPage, paths } from './paths';

const sampleLink = (page: (typeof pageNames)[number]) => {
  const link = paths[page] as (...args: unknown[]) => string;
  const sample = page === 'dashboard' ? 'ana.perez' : page === 'certificate' || page === 'certificateEn' ? '7KQ2-M9XD-4TRB' : 7;
  // One sample per `:name` (the quiz editor's address names a course and a lesson).
  const parameters = pageDeclaration(page).path.match(/:\w+/g) ?? [];
  return link(...parameters.map(() => sample));
};

describe('page table', () => {
  it('links every page to an address that matches that page again', () => {
    for (const page of pageNames) {
      // Two patterns share a component, never an address.
      if (page === 'messages') continue;
      expect(matchPage(sampleLink(page).split('?')[0]!)?.page, page).toBe(page);
    }
    expect(matchPage(paths.messages())?.page).toBe('messages');
  });

  it('fills each `:name` of the pattern, encoded, then the query', () => {
    expect(linkFrom('/a/:x/b/:y')('1/2', 'ü', { q: 'v w', empty: undefined })).toBe('/a/1%2F2/b/%C3%BC?q=v+w');
    expect(paths.home()).toBe('/');
    expect(paths.course(42)).toBe('/course/42');
    expect(paths.register({ next: undefined })).toBe('/register');
    expect(paths.register({ next: '/course/7?tab=reviews' })).toBe('/register?next=%2Fcourse%2F7%3Ftab%3Dreviews');
    expect(paths.allCourses(new URLSearchParams({ q: 'python', page: '2' }))).toBe('/allcourses?q=python&page=2');
    expect(paths.adminUser('user/1')).toBe('/admin/user/user%2F1');
    expect(paths.dashboard('ana pérez')).toBe('/ana%20p%C3%A9rez');
  });

  it('takes a row id only as a whole number up to 2^31−1, and a user id as any text', () => {
    expect(matchPage('/course/2147483647')).toEqual({ page: 'course', params: { id: '2147483647' } });
    expect(matchPage('/course/2147483648')).toBeNull();
    expect(matchPage('/course/07')).toBeNull();
    expect(matchPage('/admin/user/u-9')).toEqual({ page: 'adminUser', params: { userId: 'u-9' } });
  });

  it('takes a certificate code in either case, and nothing else, at both of its addresses', () => {
    expect(matchPage('/certificado/7KQ2-M9XD-4TRB')).toEqual({ page: 'certificate', params: { code: '7KQ2-M9XD-4TRB' } });
    expect(matchPage('/certificate/7kq2-m9xd-4trb')).toEqual({ page: 'certificateEn', params: { code: '7kq2-m9xd-4trb' } });
    // I, L, O and U are not in the alphabet; a code has three groups of four.
    expect(matchPage('/certificado/7KQ2-M9XD-4TRI')).toBeNull();
    expect(matchPage('/certificado/7KQ2M9XD4TRB')).toBeNull();
    expect(matchPage('/certificado/favicon.ico')).toBeNull();
  });

  it('draws on the server the catalogue, the teacher profiles, the public forms and the certificates', () => {
    expect([...serverRenderedPages].sort()).toEqual(['about', 'allCourses', 'certificate', 'certificateEn', 'contact', 'course', 'home', 'register', 'teacher']);
  });

  it('names for every page a component module the router and the build can find', () => {
    for (const page of pageNames) {
      const [module, exportName] = pageDeclaration(page).component.split('#');
      expect(existsSync(path.join('src/web/features', `${module}.tsx`)), page).toBe(true);
      expect(exportName, page).toMatch(/^[A-Z]\w+Page$/);
    }
  });
});
