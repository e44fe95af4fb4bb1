import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import enCommon from '../../shared/i18n/locales/en/common.json';
import esCommon from '../../shared/i18n/locales/es/common.json';
import { declaredHead } from './head';

const request = (query: Record<string, string> = {}) => ({ query }) as unknown as FastifyRequest;

describe('declaredHead', () => {
  it('takes a page’s title and description from the catalogue of the language it is drawn in', () => {
    expect(declaredHead('home', request(), 'en')).toMatchObject({ title: enCommon.head.home.title, description: enCommon.head.home.description });
    expect(declaredHead('allCourses', request({ lang: 'en' }), 'es')).toMatchObject({ title: esCommon.head.allCourses.title });
  });

  it('follows `?lang=` for the shell, which the browser draws', () => {
    expect(declaredHead('allCourses', request({ lang: 'en' }))?.title).toBe(enCommon.head.allCourses.title);
    expect(declaredHead('allCourses', request())?.title).toBe(esCommon.head.allCourses.title);
  });

  it('gives nothing for a page that declares no head', () => {
    expect(declaredHead('course', request(), 'es')).toBeNull();
    expect(declaredHead('cart', request(), 'es')).toBeNull();
  });
});
