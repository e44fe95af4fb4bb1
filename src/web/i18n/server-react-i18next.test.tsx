import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation as libraryUseTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation as serverUseTranslation } from './server-react-i18next';
import { createRenderingI18n } from './rendering';

type UseTranslation = typeof serverUseTranslation;

/** Texts from the default namespace, a named one, a list (the first reads, the others in scope), with a variable and a plural. */
function texts(useTranslation: UseTranslation) {
  return function Texts() {
    const common = useTranslation();
    const catalog = useTranslation('catalog');
    const both = useTranslation(['catalog', 'common']);
    return (
      <p>
        {common.t('course.ratingOutOf', { rating: '4,7' })}|{catalog.t('allCourses.total', { count: 3 })}|{both.t('allCourses.title')}|{both.t('common:course.free')}|
        {common.i18n.language}|{String(common.ready)}
      </p>
    );
  };
}

describe("the server rendering's useTranslation", () => {
  const instances = createRenderingI18n();

  it.each(['es', 'en'] as const)('draws the same texts as react-i18next in %s', (language) => {
    const draw = (useTranslation: UseTranslation) => {
      const Texts = texts(useTranslation);
      return renderToString(
        <I18nextProvider i18n={instances[language]}>
          <Texts />
        </I18nextProvider>,
      );
    };
    const drawn = draw(serverUseTranslation);
    expect(drawn).toBe(draw(libraryUseTranslation as unknown as UseTranslation));
    const text = drawn.replaceAll('<!-- -->', '');
    expect(text).toContain(language === 'es' ? '4,7 de 5|3 cursos|Todos los cursos|GRATIS|' : '4,7 of 5|3 courses|All courses|FREE|');
    expect(text).toContain(`|${language}|true`);
  });

  it('gives each language its own texts, and a component the same function at each render', () => {
    const seen: unknown[] = [];
    function Title() {
      const { t } = serverUseTranslation('catalog');
      seen.push(t);
      return <h1>{t('allCourses.title')}</h1>;
    }
    const draw = (language: 'es' | 'en') =>
      renderToString(
        <I18nextProvider i18n={instances[language]}>
          <Title />
        </I18nextProvider>,
      );
    expect(draw('es')).toContain('Todos los cursos');
    expect(draw('en')).toContain('All courses');
    draw('es');
    expect(seen[2]).toBe(seen[0]);
    expect(seen[1]).not.toBe(seen[0]);
  });
});
