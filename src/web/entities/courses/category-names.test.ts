import { describe, expect, it } from 'vitest';
import { categoryIconUrl, categoryName } from './category-names';

describe('category names', () => {
  it('names every demo category and subcategory in English, and keeps the Spanish name in Spanish', () => {
    // The demo catalogue's categories (src/server/db/demo-catalogue.ts) and some subcategories.
    const english = {
      Programación: 'Programming',
      'Ciencia de datos': 'Data science',
      Diseño: 'Design',
      Negocios: 'Business',
      Marketing: 'Marketing',
      Idiomas: 'Languages',
      Música: 'Music',
      Fotografía: 'Photography',
      'Desarrollo personal': 'Personal development',
      'Desarrollo web': 'Web development',
      'Análisis de datos': 'Data analysis',
      'Gestión de proyectos': 'Project management',
      Inglés: 'English',
    };
    for (const [spanish, name] of Object.entries(english)) {
      expect(categoryName(spanish, 'en')).toBe(name);
      expect(categoryName(spanish, 'es')).toBe(spanish);
    }
    expect(categoryName('Programación', 'en')).toBe('Programming');
    expect(categoryName('Ciencia de datos', 'en-GB')).toBe('Data science');
    expect(categoryName('Programación', 'es')).toBe('Programación');
  });

  it('shows a category an admin created as typed, in both languages', () => {
    expect(categoryName('Cocina', 'en')).toBe('Cocina');
    expect(categoryName('toString', 'en')).toBe('toString');
    expect(categoryIconUrl('Cocina')).toBe('/covers/icons/default.svg');
  });

  it('gives each demo category the icon of its cover', () => {
    expect(categoryIconUrl('Programación')).toBe('/covers/icons/programming.svg');
    expect(categoryIconUrl('Desarrollo personal')).toBe('/covers/icons/personal-growth.svg');
  });
});
