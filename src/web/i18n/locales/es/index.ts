import about from './about.json';
import admin from './admin.json';
import auth from './auth.json';
import cart from './cart.json';
import catalog from './catalog.json';
import common from './common.json';
import contact from './contact.json';
import errors from './errors.json';
import orders from './orders.json';
import teaching from './teaching.json';
import users from './users.json';

/**
 * Every Spanish namespace: one per feature, so features add keys without touching each
 * other's files. Spanish is the reference catalogue: the others must have the same keys.
 */
const es = { common, errors, auth, catalog, teaching, cart, orders, admin, contact, about, users };

export default es;
