import type { Catalogue } from '../../catalogue';
import about from './about.json';
import activities from './en-activities';
import backOffice from './en-back-office';
import core from './en-core';
import invoices from '../../../../shared/i18n/locales/en/invoices.json';
import mail from '../../../../shared/i18n/locales/en/mail.json';
import player from './en-player';

/** Every English namespace; `satisfies` makes a key missing from English a type error. */
const en = {
  ...core,
  ...backOffice,
  about,
  mail,
  invoices,
  ...player,
  ...activities,
  // Namespaces whose keys are spread over parts: the whole is every part's keys.
  errors: { ...core.errors, codes: { ...core.errors.codes, ...backOffice.errors.codes, ...activities.errors.codes } },
  validation: { ...core.validation, ...activities.validation },
} satisfies Catalogue;

export default en;
