import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { endpoints } from '../shared/endpoints/endpoint-table';
import { accessLevels, type Access } from '../shared/endpoints/endpoint';
import { admittedBy, expectedStatuses, roles, type AccessFixture, type AccessRule, type Role } from './access-cases.test-support';
import type { Database } from './db/client';
import { eq } from 'drizzle-orm';
import { categories, courseLessons, courses, courseVideos, enrollments, sessions, subcategories, users } from './db/schema';
import { createStarterCurriculum } from './features/curriculum';

/**
 * Calls every API route as every kind of caller and checks the status against what its
 * declared access implies (`expectedStatuses`), with the features' `access-cases.test-data.ts` adding
 * the request to send and the answers that cannot be derived. A route the app serves that is
 * neither in the endpoint table nor in a rule fails, and so does a route that does not declare
 * its access or a rule that contradicts that declaration.
 */
const ruleModules = import.meta.glob<{ accessRules: AccessRule[] }>('./**/*access-cases.test-data.ts', { eager: true });
const rules = Object.values(ruleModules).flatMap((module) => module.accessRules);
const ruleFor = new Map(rules.map((rule) => [rule.route, rule]));

/**
 * Every route to call: each endpoint of the table the server registers (HEAD answers like
 * the GET or the tus PATCH beside it, and is not called), and the routes only rules name
 * (the authentication handler's catch-all).
 */
const tableRoutes = Object.values(endpoints)
  .filter((endpoint) => !('servedBy' in endpoint) && endpoint.method !== 'HEAD')
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
const routesToCall = [...new Set([...tableRoutes, ...rules.map((rule) => rule.route)])];

/** Least privileged first, so that a caller allowed to change something does so last. */
const callOrder: Role[] = ['visitor', 'disabled', 'other', 'buyer', 'owner', 'admin'];

type Fixture = AccessFixture & { tokens: Record<Exclude<Role, 'visitor'>, string> };

async function createFixture(db: Database): Promise<Fixture> {
  const userIds = {} as Fixture['userIds'];
  const tokens = {} as Fixture['tokens'];
  for (const role of ['buyer', 'other', 'owner', 'admin', 'disabled'] as const) {
    const id = randomUUID();
    await db.insert(users).values({
      id,
      name: `${role}-user`,
      email: `${role}-${id.slice(0, 6)}@example.com`,
      isAdmin: role === 'admin',
      disabledAt: role === 'disabled' ? new Date() : null,
    });
    const token = randomBytes(24).toString('base64url');
    await db.insert(sessions).values({ id: randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
    userIds[role] = id;
    tokens[role] = token;
  }
  const [category] = await db.insert(categories).values({ name: 'Programación' }).returning();
  const [subcategory] = await db.insert(subcategories).values({ categoryId: category!.id, name: 'Python' }).returning();
  const [course] = await db
    .insert(courses)
    .values({
      title: 'Python desde cero',
      description: 'Un curso completo de Python para empezar.',
      categoryId: category!.id,
      subcategoryId: subcategory!.id,
      durationHours: 10,
      language: 'spanish',
      level: 'easy',
      priceCents: 1999,
      teacherName: 'Ana Torres',
      ownerId: userIds.owner,
    })
    .returning();
  const [intro, main] = await db
    .insert(courseVideos)
    .values([
      { ownerId: userIds.owner, courseId: course!.id, position: 1, storageKey: 'demo/intro.mp4', sizeBytes: 1000, width: 640, height: 360, durationSeconds: 10 },
      { ownerId: userIds.owner, courseId: course!.id, position: 2, storageKey: 'demo/main.mp4', sizeBytes: 1000, width: 640, height: 360, durationSeconds: 40 },
    ])
    .returning({ id: courseVideos.id, durationSeconds: courseVideos.durationSeconds });
  await createStarterCurriculum(db, course!, { intro: { id: intro!.id, durationSeconds: 10 }, main: { id: main!.id, durationSeconds: 40 } });
  const [introLesson] = await db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.videoId, intro!.id));
  await db.insert(enrollments).values({ userId: userIds.buyer, courseId: course!.id });
  return { courseId: course!.id, lessonId: introLesson!.id, categoryId: category!.id, subcategoryId: subcategory!.id, userIds, tokens };
}

describe('authorization table', () => {
  const ctx = useTestApp();

  it('calls every API route the app serves, and only those', () => {
    const served = ctx.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const listed = rules.map((rule) => rule.route);
    expect(new Set(listed).size, 'a route has two rules').toBe(listed.length);
    expect(new Set(served).size, 'a route is served twice').toBe(served.length);
    expect(served.filter((route) => !routesToCall.includes(route)), 'routes neither in the endpoint table nor in a rule').toEqual([]);
    expect(routesToCall.filter((route) => !served.includes(route)), 'table entries or rules for routes that are not served').toEqual([]);
  });

  it('every route declares who may call it', () => {
    const undeclared = ctx.app.apiRoutes.filter((route) => !accessLevels.includes(route.access as Access)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'routes without config.access').toEqual([]);
  });

  it("each rule's exceptions are callers its route's access admits", () => {
    const declared = new Map(ctx.app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route.access]));
    const contradictions = rules.flatMap((rule) => {
      const access = declared.get(rule.route);
      if (!access) return [];
      const wrong = Object.keys(rule.except ?? {}).filter((role) => !admittedBy[access].includes(role as Role));
      // A public route never refuses a visitor for being one.
      if (access === 'public' && rule.except?.visitor === 401) wrong.push('visitor');
      return wrong.length ? [`${rule.route} (${access}): ${wrong.join(', ')}`] : [];
    });
    expect(contradictions).toEqual([]);
  });

  it('calls every route as every kind of caller', () => {
    expect([...callOrder].sort()).toEqual([...roles].sort());
  });

  it.each(routesToCall)('%s', async (route) => {
    const access = ctx.app.apiRoutes.find((served) => `${served.method} ${served.url}` === route)?.access;
    if (!access) throw new Error(`${route} is not served, or declares no access`);
    const rule = ruleFor.get(route);
    const fixture = await createFixture(ctx.db);
    const [method, path] = route.split(' ') as [string, string];
    const request = rule?.request?.(fixture) ?? { url: path };
    expect(request.url, 'a route with parameters needs a rule that fills them in').not.toContain(':');
    const actual: Partial<Record<Role, number>> = {};
    const caching: Partial<Record<Role, unknown>> = {};
    for (const role of callOrder) {
      const auth = role === 'visitor' ? {} : { authorization: `Bearer ${fixture.tokens[role]}` };
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: request.url,
        headers: { origin: ctx.config.publicUrl, ...auth, ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      });
      actual[role] = response.statusCode;
      caching[role] = response.headers['cache-control'];
    }
    expect(actual).toEqual(expectedStatuses(access, rule));
    // Answers for signed-in callers (refusals included) are kept by no cache, whoever asked.
    if (access !== 'public' || path.startsWith('/api/auth/')) expect(caching, 'Cache-Control').toEqual(Object.fromEntries(callOrder.map((role) => [role, 'private, no-store'])));
  });
});
