import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { businessAreas } from '../../../test/helpers/business-areas';
import path from 'node:path';
import { effectKinds, pathFor, writingMethods, type Endpoint } from './endpoint';
import { endpoints } from './endpoint-table';
import { mediaEndpoints } from './media';
import { cartEndpoints } from './orders';

/** The endpoint files that belong to no business area: the definition, the table, the form posts' shape, the development mailbox (mail/). */
const platformFiles = ['endpoint.ts', 'endpoint-table.ts', 'form-post.ts', 'dev-mailbox.ts'];

const endpointFiles = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

const isEndpoint = (value: unknown) => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** Every exported group of endpoints, of every file but the table that joins them. */
const areas = Object.entries(endpointFiles).filter(([file]) => file !== './endpoint-table.ts').flatMap(([, module]) =>
  Object.values(module).filter((value): value is Record<string, Endpoint> => typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every(isEndpoint)),
);
const table: [string, Endpoint][] = Object.entries(endpoints);

describe('the endpoint table', () => {
  it('has one file per business area of the server (src/server/features/<area>), and no other', () => {
    const serverAreas = businessAreas();
    const files = Object.keys(endpointFiles)
      .map((file) => path.basename(file))
      .filter((file) => !platformFiles.includes(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual(serverAreas);
  });

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
