import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the language a visit starts in', () => {
  afterEach(() => {
    vi.resetModules();
  });

  // A fresh module: the shared instance of the other tests is already started.
  const freshI18n = async () => {
    vi.resetModules();
    return import('./index');
  };

  it('is the resolved language from the first render, so the switch marks it as pressed', async () => {
    const { initI18n, i18n, currentLanguage } = await freshI18n();
    await initI18n('en');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
  });

  it('is Spanish when Spanish is detected', async () => {
    const { initI18n, i18n } = await freshI18n();
    await initI18n('es');
    expect(i18n.resolvedLanguage).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });
});
