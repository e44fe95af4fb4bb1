import type { Catalogue } from '../../catalogue';
import activities from './en-activities';
import backOffice from './en-back-office';
import core from './en-core';
import invoices from '../../../../shared/i18n/locales/en/invoices.json';
import mail from '../../../../shared/i18n/locales/en/mail.json';
import player from './en-player';

/** Every English namespace; `satisfies` makes a key missing from English a type error. */
const en = { ...core, ...backOffice, mail, invoices, ...player, ...activities } satisfies Catalogue;

export default en;
