import { useTranslation } from 'react-i18next';

/**
 * Categories and subcategories live in the database and admins name them in Spanish (the
 * default language). The demo catalogue's names, which every install starts with, have an
 * English name here, keyed by the Spanish one; a category an admin creates shows as typed in
 * both languages. Renaming a seeded category in the admin drops its translation, as it should:
 * the new name is the admin's words. `icon` is its picture in public/covers/icons/.
 */
const seeded: Record<string, { en: string; icon?: string }> = {
  Programación: { en: 'Programming', icon: 'programming' },
  Python: { en: 'Python' },
  JavaScript: { en: 'JavaScript' },
  'Desarrollo web': { en: 'Web development', icon: 'web' },
  'Bases de datos': { en: 'Databases' },
  'Ciencia de datos': { en: 'Data science', icon: 'data' },
  'Análisis de datos': { en: 'Data analysis' },
  'Machine Learning': { en: 'Machine learning' },
  Visualización: { en: 'Visualisation' },
  Diseño: { en: 'Design', icon: 'design' },
  'Diseño gráfico': { en: 'Graphic design' },
  'Diseño UX/UI': { en: 'UX/UI design' },
  Ilustración: { en: 'Illustration' },
  Negocios: { en: 'Business', icon: 'business' },
  Emprendimiento: { en: 'Entrepreneurship' },
  Finanzas: { en: 'Finance' },
  'Gestión de proyectos': { en: 'Project management' },
  Marketing: { en: 'Marketing', icon: 'marketing' },
  'Marketing digital': { en: 'Digital marketing' },
  'Redes sociales': { en: 'Social media' },
  SEO: { en: 'SEO' },
  Idiomas: { en: 'Languages', icon: 'languages' },
  Inglés: { en: 'English' },
  Español: { en: 'Spanish' },
  Francés: { en: 'French' },
  Música: { en: 'Music', icon: 'music' },
  Guitarra: { en: 'Guitar' },
  Piano: { en: 'Piano' },
  'Producción musical': { en: 'Music production' },
  Fotografía: { en: 'Photography', icon: 'photography' },
  'Fotografía digital': { en: 'Digital photography' },
  'Edición de fotos': { en: 'Photo editing' },
  Vídeo: { en: 'Video' },
  'Desarrollo personal': { en: 'Personal development', icon: 'personal-growth' },
  Productividad: { en: 'Productivity' },
  Oratoria: { en: 'Public speaking' },
  Bienestar: { en: 'Wellbeing' },
};

/** A category's or subcategory's name in `language` (`es`, `en`, `en-GB`…). */
export function categoryName(name: string, language: string | undefined): string {
  return language?.startsWith('en') ? (Object.hasOwn(seeded, name) ? seeded[name]!.en : name) : name;
}

/** The URL of a category's icon: its own for the demo categories, a generic one otherwise. */
export const categoryIconUrl = (name: string) => `/covers/icons/${(Object.hasOwn(seeded, name) && seeded[name]!.icon) || 'default'}.svg`;

/** Names of categories in the interface's language. */
export function useCategoryName(): (name: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (name) => categoryName(name, language);
}

/** A colour for a category, the same on every visit (from its name: ids differ between installs). */
export function coverHueOfName(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) % 360;
  return hash;
}
