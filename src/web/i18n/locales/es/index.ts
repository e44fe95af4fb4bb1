import about from './about.json';
import activities from './es-activities';
import backOffice from './es-back-office';
import core from './es-core';
import invoices from '../../../../shared/i18n/locales/es/invoices.json';
import mail from '../../../../shared/i18n/locales/es/mail.json';
import player from './es-player';

/**
 * Every Spanish namespace: one per feature, so features add keys without touching each
 * other's files. Spanish is the reference catalogue: the others must have the same keys.
 * The app loads it in parts (core, back office, the video player, the quizzes and assignments,
 * the about page; src/web/i18n/index.ts), and
 * a part may add keys to a namespace of the core one (`errors`, `validation`): this whole,
 * with those namespaces put back together, is the type of a catalogue.
 * The e-mails' and invoices' texts (`mail`, `invoices`) are the server's only: no part the
 * browser loads has them.
 */
const es = {
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
};

export default es;
