import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { endpoints } from '../../src/shared/endpoints/endpoint-table';
import { errorCodes } from '../../src/shared/errors';
import type { AccessRule } from '../../src/server/access-cases.test-support';
import type { Database } from '../../src/server/db/client';
import { createContactMessage, createCourse, createFavourite, createCartItem, createOrder, createReview, createUser } from '../../src/server/db/factories';
import { enrollments, sessions } from '../../src/server/db/schema';

/**
 * Property-based fuzzing of every API route the app serves (`app.apiRoutes`, so a new route
 * is fuzzed without editing this file), as a visitor, a signed-in user and an admin, with
 * arbitrary and malformed path parameters, query strings, headers and bodies. For every
 * request: never a 5xx; every 4xx in the one error shape; and a refused request (4xx)
 * leaves every table of the database exactly as it was.
 *
 * FUZZ_RUNS raises the number of requests per route for a deeper local run.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

/**
 * The routes, known before any hook runs so that each is a test of its own: every endpoint of
 * the table the server registers (HEAD answers like the GET or the tus PATCH beside it), and the
 * routes only the features' access rules name (the authentication handler's catch-all). The
 * first test checks them against what the app serves.
 */
const ruleModules = import.meta.glob<{ accessRules: AccessRule[] }>('../../src/server/**/access-cases.test-data.ts', { eager: true });
const tableRoutes = Object.values(endpoints)
  .filter((endpoint) => !('servedBy' in endpoint) && endpoint.method !== 'HEAD')
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
const routeNames = [...new Set([...tableRoutes, ...Object.values(ruleModules).flatMap((module) => module.accessRules.map((rule) => rule.route))])];

type Role = 'visitor' | 'user' | 'admin';

type Fixture = {
  tokens: Record<Exclude<Role, 'visitor'>, string>;
  /** Real row ids of every kind, so that some requests reach past "not found". */
  ids: string[];
};

/** Tables whose rows a refused request may legitimately add: the sign-in rate limiter's counters. */
const COUNTER_TABLES = new Set(['rate_limits']);

async function insertSession(db: Database, userId: string) {
  const token = randomBytes(24).toString('base64url');
  // A full-length session, as sign-in makes: a shorter one would be extended by the first request that reads it.
  await db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  return token;
}

/** A small world: the user owns a course, bought another, reviewed it, keeps a favourite and a cart item. */
async function createFixture(db: Database): Promise<Fixture> {
  const user = await createUser(db);
  const admin = await createUser(db, { isAdmin: true });
  const teacher = await createUser(db);
  const own = await createCourse(db, { ownerId: user.id });
  const bought = await createCourse(db, { ownerId: teacher.id, priceCents: 2500 });
  const other = await createCourse(db, { ownerId: teacher.id, categoryId: bought.categoryId, subcategoryId: bought.subcategoryId });
  const free = await createCourse(db, { ownerId: teacher.id, priceCents: 0 });
  const { order } = await createOrder(db, { userId: user.id, items: [bought] });
  const review = await createReview(db, { courseId: bought.id, userId: user.id });
  await createFavourite(db, { userId: user.id, courseId: other.id });
  await createCartItem(db, { userId: user.id, courseId: other.id });
  const message = await createContactMessage(db);
  await db.insert(enrollments).values({ userId: admin.id, courseId: free.id }).onConflictDoNothing();
  const ids = [
    ...[own, bought, other, free].flatMap((course) => [String(course.id), ...course.videos.map((video) => video.id)]),
    String(own.categoryId),
    String(own.subcategoryId),
    user.id,
    admin.id,
    teacher.id,
    order.id,
    String(review.id),
    String(message.id),
  ];
  return { tokens: { user: await insertSession(db, user.id), admin: await insertSession(db, admin.id) }, ids };
}

/** Count and digest of every row of every table but the counters: equal digests, same data. */
async function databaseDigest(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const names = tables.rows.map((row) => row.tablename).filter((name) => !COUNTER_TABLES.has(name));
  const parts = names.map((name) => `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${name}" t`);
  const result = await db.execute<{ name: string; digest: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/** Field names each route declares (query and JSON body), from the OpenAPI document. */
function declaredFields(document: { paths?: Record<string, Record<string, OpenApiOperation>> }, method: string, url: string) {
  const operation = document.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const body = Object.keys(operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  return { query, body };
}

// ---- Arbitraries -------------------------------------------------------------------------

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'ｆｕｌｌｗｉｄｔｈ',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Ω≈ç√∫˜µ≤≥÷',
  '__proto__',
  'constructor',
  'a'.repeat(300),
  'x'.repeat(70_000),
);

const hostileNumbers = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5, -0.0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const text = fc.oneof(hostileStrings, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));

/** Any value a JSON field might be sent: wrong types, nulls, nesting, hostile text. */
const jsonField: fc.Arbitrary<unknown> = fc.oneof(
  text,
  hostileNumbers,
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(text, hostileNumbers), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, hostileNumbers), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A plausible value for a field, so that some requests pass validation and reach the service. */
function plausible(ids: string[]) {
  return fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom(...ids).map(Number),
    fc.integer({ min: 0, max: 6 }),
    fc.constantFrom('Curso de prueba', 'Una descripción suficientemente larga del curso.', 'https://images.example.com/a.png', 'spanish', 'english', 'easy', 'medium', 'hard', 'ana@example.com', 'Passw0rd12', 'es', 'en', ''),
  );
}

function pathValue(ids: string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 3, arbitrary: fc.oneof(hostileStrings, fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }), hostileNumbers.map(String), fc.uuid()).map(encodeURIComponent) },
    // Malformed percent-encoding and traversal as they reach the router.
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ZZ', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a%00b', '%C0%AF') },
  );
}

/** Query strings: the route's own keys and others, repeated keys (arrays), hostile values. */
function queryString(keys: string[], ids: string[]) {
  const key = fc.oneof(keys.length ? fc.constantFrom(...keys) : fc.constant('page'), fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'page[]', 'a[b]'));
  const value = fc.oneof(plausible(ids).map(String), hostileStrings, hostileNumbers.map(String), fc.string({ maxLength: 20 }));
  return fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : ''));
}

type Body = { payload?: string | Buffer; contentType?: string };

function body(keys: string[], ids: string[]): fc.Arbitrary<Body> {
  const fieldValue = fc.oneof(jsonField, plausible(ids));
  const known = keys.length
    ? fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] })
    : fc.constant({} as Record<string, unknown>);
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('isAdmin', 'ownerId', 'userId', 'priceCents', 'id', 'disabledAt', 'role')), fieldValue, { maxKeys: 3 });
  const json = (value: unknown): Body => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    { weight: 5, arbitrary: fc.tuple(known, extra).map(([a, b]) => json({ ...b, ...a })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"title":',
            '[1,2,',
            '{"a":1}}',
            '"unterminated',
            'nul',
            '{"__proto__":{"isAdmin":true,"polluted":true}}',
            '{"constructor":{"prototype":{"isAdmin":true}}}',
            '{"a":'.repeat(5_000),
            '\u0000',
            '\ufeff{}',
          ),
          fc.string({ maxLength: 50 }),
        )
        .map((payload): Body => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/offset+octet-stream', 'application/json; charset=utf-7', 'image/png'), fc.string({ maxLength: 50 })).map(([contentType, payload]): Body => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ payload: Buffer.alloc(1024 * 1024 + 10, 'a'), contentType: 'application/json' }) },
  );
}

/** Headers some routes read (tus, byte ranges, caching, language), with hostile printable values. */
const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
  fc.constantFrom('1.0.0', '0', '-1', '1024', '99999999999999999999', 'bytes=0-', 'bytes=-5', 'bytes=5-1', 'bytes=0-1,2-3', 'filename aGVsbG8=', 'W/"x"', 'es', '*'),
);
const extraHeaders = fc.dictionary(fc.constantFrom('tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata', 'upload-defer-length', 'range', 'if-range', 'if-none-match', 'accept-language', 'x-http-method-override'), headerValue, { maxKeys: 3 });

// ---- The property -----------------------------------------------------------------------

function isErrorShape(value: unknown): boolean {
  const error = (value as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  return Boolean(error) && (errorCodes as unknown[]).includes(error!.code) && typeof error!.message === 'string' && (error!.fields === undefined || typeof error!.fields === 'object');
}

describe('fuzzing every API route', () => {
  const ctx = useTestApp();
  let document: { paths?: Record<string, Record<string, OpenApiOperation>> };

  beforeAll(async () => {
    await ctx.app.ready();
    document = ctx.app.swagger() as typeof document;
  });

  it('fuzzes exactly the routes the app serves, auth pass-through included', () => {
    const served = ctx.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect([...routeNames].sort()).toEqual([...served].sort());
  });

  it.each(routeNames)('%s: never a 5xx, errors in the one shape, a refused request changes nothing', async (name) => {
    const [method, url] = name.split(' ') as [string, string];
    const fixture = await createFixture(ctx.db);
    const fields = declaredFields(document, method, url);
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const authPaths = fc.constantFrom('sign-in/email', 'sign-up/email', 'sign-out', 'get-session', 'change-password', 'sign-in/social', 'list-sessions', 'revoke-session', 'callback/google', 'error', 'ok');
    const wildcard = fc.oneof(authPaths, pathValue(fixture.ids));

    const request = fc.record({
      role: fc.constantFrom<Role>('visitor', 'user', 'admin'),
      path: fc.tuple(...url.split('/').map((segment) => (segment.startsWith(':') ? pathValue(fixture.ids) : segment === '*' ? wildcard : fc.constant(segment)))).map((segments) => segments.join('/')),
      query: queryString(fields.query, fixture.ids),
      body: hasBody ? body(fields.body, fixture.ids) : fc.constant<Body>({}),
      headers: extraHeaders,
    });

    // The digest after a refused request is the one before the next: only a request that
    // went through (or a failed property, which fast-check replays) needs a fresh one.
    let known: Record<string, string> | undefined;
    await fc.assert(
      fc.asyncProperty(request, async ({ role, path, query, body: { payload, contentType }, headers }) => {
        const before = known ?? (await databaseDigest(ctx.db));
        known = undefined;
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: `${path}${query}`,
          headers: {
            ...headers,
            origin: ctx.config.publicUrl,
            ...(role === 'visitor' ? {} : { authorization: `Bearer ${fixture.tokens[role]}` }),
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        const where = `${method} ${path}${query.slice(0, 200)} as ${role} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          let parsed: unknown;
          try {
            parsed = response.json();
          } catch {
            parsed = undefined;
          }
          expect(isErrorShape(parsed), `error shape: ${where}`).toBe(true);
          const after = await databaseDigest(ctx.db);
          const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
          expect(changed, `a refused request changed these tables: ${where}`).toEqual([]);
          known = after;
        }
      }),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
    // Nothing the fuzzer sent may pollute the prototype of every object.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
