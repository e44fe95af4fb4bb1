import auth from './auth.json';
import cart from './cart.json';
import catalog from './catalog.json';
import certificates from '../../../../shared/i18n/locales/es/certificates.json';
import common from '../../../../shared/i18n/locales/es/common.json';
import contact from './contact.json';
import errors from './errors.json';
import orders from './orders.json';
import users from './users.json';
import validation from './validation.json';

/** The texts every visit may need: the layout, the catalogue, sign-in, the cart, the buyer's pages and every field-validation message. */
const core = { common, errors, auth, catalog, cart, orders, certificates, contact, users, validation };

export default core;
