import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminEndpoints } from './admin';
import { authEndpoints } from './accounts';
import { captionsEndpoints } from './captions';
import { cartEndpoints } from './cart';
import { catalogEndpoints } from './catalog';
import { certificatesEndpoints } from './learning';
import { contactEndpoints } from './contact';
import { couponEndpoints } from './coupons';
import { curriculumEditingEndpoints } from './curriculum';
import { devMailboxEndpoints } from './dev-mailbox';
import { devPayoutsEndpoints } from './dev-payouts';
import { effectKinds, pathFor, writingMethods, type Endpoint } from './endpoint';
import { endpoints } from './endpoint-table';
import { favouritesEndpoints } from './favourites';
import { formEndpoints } from './forms';
import { healthEndpoints } from './health';
import { invoicesEndpoints } from './invoices';
import { lessonEndpoints } from './lessons';
import { mediaEndpoints } from './media';
import { ordersEndpoints } from './orders';
import { payoutAccountEndpoints } from './payouts';
import { playerSettingsEndpoints } from './player-settings';
import { payoutsEndpoints } from './payouts';
import { progressEndpoints } from './progress';
import { reviewsEndpoints } from './reviews';
import { teachingEndpoints } from './teaching';
import { usersEndpoints } from './users';

const areas = [
  adminEndpoints,
  authEndpoints,
  captionsEndpoints,
  cartEndpoints,
  catalogEndpoints,
  certificatesEndpoints,
  contactEndpoints,
  couponEndpoints,
  curriculumEditingEndpoints,
  devMailboxEndpoints,
  devPayoutsEndpoints,
  favouritesEndpoints,
  formEndpoints,
  healthEndpoints,
  invoicesEndpoints,
  lessonEndpoints,
  mediaEndpoints,
  ordersEndpoints,
  payoutAccountEndpoints,
  payoutsEndpoints,
  playerSettingsEndpoints,
  progressEndpoints,
  reviewsEndpoints,
  teachingEndpoints,
  usersEndpoints,
];
const table: [string, Endpoint][] = Object.entries(endpoints);

describe('the endpoint table', () => {
  it('keeps every area’s endpoints: no name is taken twice', () => {
    const names = areas.flatMap((area) => Object.keys(area));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(table).toHaveLength(names.length);
  });

  it('lists each method and path once', () => {
    const routes = table.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it.each(table)('%s: its path parameters are the keys of its params schema', (_name, endpoint) => {
    const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
    const inSchema = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
    expect(inSchema).toEqual(inPath);
    expect(endpoint.path.startsWith('/api/')).toBe(true);
    // A route the browser is sent to (the provider's return to onboarding) may succeed with a redirect only.
    expect(Object.keys(endpoint.responses).some((status) => Number(status) >= 200 && Number(status) < 400), 'a success answer').toBe(true);
  });

  // The caches catch up after the routes that declare a change (server/http/effects.ts): a
  // writing endpoint that forgot to declare one would leave them stale without a test noticing.
  it.each(table.filter(([, endpoint]) => writingMethods.has(endpoint.method) || endpoint.servedBy !== undefined))(
    '%s: declares what it changes (its effects, [] for nothing)',
    (_name, endpoint) => {
      expect(endpoint.effects).toBeDefined();
      expect(endpoint.effects!.every((effect) => effectKinds.includes(effect))).toBe(true);
      expect(new Set(endpoint.effects).size).toBe(endpoint.effects!.length);
    },
  );
});

describe('pathFor', () => {
  it('fills in and encodes the parameters', () => {
    expect(pathFor(cartEndpoints.removeFromCart, { courseId: 3 })).toBe('/api/cart/3');
    expect(pathFor(mediaEndpoints.streamVideo, { token: 'a/b c' })).toBe('/api/videos/stream/a%2Fb%20c');
    expect(pathFor(cartEndpoints.getCart)).toBe('/api/cart');
  });

  it('refuses a missing parameter', () => {
    expect(() => pathFor(cartEndpoints.removeFromCart, {})).toThrow('courseId');
  });
});
