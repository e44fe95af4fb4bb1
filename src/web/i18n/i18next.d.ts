import 'i18next';
import type { limits } from '../../shared/limits';
import type { Catalogue } from './catalogue';

// Typed keys: `t('cart:toast.added')` compiles only if the Spanish catalogue has that key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogue;
    returnNull: false;
    // Every limit is an interpolation variable without passing it (see interpolation.defaultVariables).
    defaultVariables: { [Name in keyof typeof limits]: number };
  }
}
