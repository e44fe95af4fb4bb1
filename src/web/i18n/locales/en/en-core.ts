import auth from './auth.json';
import cart from './cart.json';
import catalog from './catalog.json';
import certificates from '../../../../shared/i18n/locales/en/certificates.json';
import common from '../../../../shared/i18n/locales/en/common.json';
import contact from './contact.json';
import errors from './errors.json';
import orders from './orders.json';
import users from './users.json';
import validation from './validation.json';

/** The English texts every visit may need (see ../es/es-core.ts). */
const core = { common, errors, auth, catalog, cart, orders, certificates, contact, users, validation };

export default core;
