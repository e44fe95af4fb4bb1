import type es from './locales/es';

/** The shape of one language's translations: namespace → nested keys → text. */
export type Catalogue = typeof es;
