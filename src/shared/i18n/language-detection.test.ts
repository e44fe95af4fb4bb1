import { describe, expect, it } from 'vitest';
import { toLanguage } from '../languages';
import { detectLanguage } from './language-detection';

describe('detectLanguage', () => {
  const none = { search: '', storedChoice: null, browserLanguages: [] as string[] };

  it('prefers ?lang=, then the remembered choice, then the browser, then Spanish', () => {
    expect(detectLanguage({ search: '?lang=en', storedChoice: 'es', browserLanguages: ['es-ES'] })).toBe('en');
    expect(detectLanguage({ ...none, storedChoice: 'en', browserLanguages: ['es-ES'] })).toBe('en');
    expect(detectLanguage({ ...none, browserLanguages: ['fr-FR', 'en-GB'] })).toBe('en');
    expect(detectLanguage({ ...none, browserLanguages: ['fr-FR', 'de'] })).toBe('es');
    expect(detectLanguage(none)).toBe('es');
  });

  it('ignores values it does not offer', () => {
    expect(detectLanguage({ search: '?lang=fr', storedChoice: 'xx', browserLanguages: ['en-US'] })).toBe('en');
    expect(toLanguage('EN_us')).toBe('en');
    expect(toLanguage('')).toBeNull();
  });
});
