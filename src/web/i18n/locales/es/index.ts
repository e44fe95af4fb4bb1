import activities from './es-activities';
import backOffice from './es-back-office';
import core from './es-core';
import invoices from '../../../../shared/i18n/locales/es/invoices.json';
import mail from '../../../../shared/i18n/locales/es/mail.json';
import player from './es-player';

/**
 * Every Spanish namespace: one per feature, so features add keys without touching each
 * other's files. Spanish is the reference catalogue: the others must have the same keys.
 * The app loads it in parts (core, back office, the video player, the learning activities); this whole is the type of a catalogue.
 * The e-mails' and invoices' texts (`mail`, `invoices`) are the server's only: no part the
 * browser loads has them.
 */
const es = { ...core, ...backOffice, mail, invoices, ...player, ...activities };

export default es;
