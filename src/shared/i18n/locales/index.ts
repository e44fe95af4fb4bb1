import type { Language } from '../../languages';
import enCertificates from './en/certificates.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enInvoices from './en/invoices.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import esCertificates from './es/certificates.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import esInvoices from './es/invoices.json' with { type: 'json' };
import esMail from './es/mail.json' with { type: 'json' };

/**
 * The namespaces the server writes with: `common` (the page heads, `common:head`), `certificates`
 * (the PDF and the verification page's head), `mail` and `invoices` (only the server's: no part
 * of the catalogue the browser loads has them). The web's catalogues (src/web/i18n/locales)
 * include these and add the rest.
 */
export const serverCatalogues = {
  es: { common: esCommon, certificates: esCertificates, mail: esMail, invoices: esInvoices },
  en: { common: enCommon, certificates: enCertificates, mail: enMail, invoices: enInvoices },
} satisfies Record<Language, unknown>;
