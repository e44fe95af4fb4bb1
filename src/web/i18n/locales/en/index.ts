import type { Catalogue } from '../../catalogue';
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

/** Every English namespace; `satisfies` makes a key missing from English a type error. */
const en = { common, errors, auth, catalog, teaching, cart, orders, admin, contact, about, users } satisfies Catalogue;

export default en;
