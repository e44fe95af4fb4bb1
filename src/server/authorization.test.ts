import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { roles, type AccessFixture, type AccessRule, type Role } from './access-rules';
import { accessLevels, type Access } from './auth/access';
import type { Database } from './db/client';
import { categories, courses, courseVideos, enrollments, sessions, subcategories, users } from './db/schema';

/**
 * Calls every API route as every kind of caller and checks the status against the
 * features' `access-rules.ts` tables. A route the app serves that no table lists fails, and
 * so does a route that does not declare its access (`config: { access }`) or whose table row
 * contradicts that declaration.
 */
const ruleModules = import.meta.glob<{ accessRules: AccessRule[] }>(['./**/access-rules.ts', '!./access-rules.ts'], { eager: true });
const rules = Object.values(ruleModules).flatMap((module) => module.accessRules);

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
  await db.insert(courseVideos).values([
    { ownerId: userIds.owner, courseId: course!.id, position: 1, storageKey: 'demo/intro.mp4', sizeBytes: 1000, width: 640, height: 360, durationSeconds: 10 },
    { ownerId: userIds.owner, courseId: course!.id, position: 2, storageKey: 'demo/main.mp4', sizeBytes: 1000, width: 640, height: 360, durationSeconds: 40 },
  ]);
  await db.insert(enrollments).values({ userId: userIds.buyer, courseId: course!.id });
  return { courseId: course!.id, categoryId: category!.id, subcategoryId: subcategory!.id, userIds, tokens };
}

describe('authorization table', () => {
  const ctx = useTestApp();

  it('lists every API route the app serves, once', () => {
    const served = ctx.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const listed = rules.map((rule) => rule.route);
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    expect([...served].sort()).toEqual([...new Set(served)].sort());
    expect(served.filter((route) => !listed.includes(route)), 'routes missing from the table').toEqual([]);
    expect(listed.filter((route) => !served.includes(route)), 'table rows for routes that do not exist').toEqual([]);
  });

  it('every route declares who may call it', () => {
    const undeclared = ctx.app.apiRoutes.filter((route) => !accessLevels.includes(route.access as Access)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'routes without config.access').toEqual([]);
  });

  it("each row agrees with its route's declared access", () => {
    const declared = new Map(ctx.app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route.access]));
    const refusedAs: Record<Access, Partial<Record<Role, number>>> = {
      // A public route never refuses a visitor for being one.
      public: {},
      user: { visitor: 401, disabled: 401 },
      'course-manager': { visitor: 401, disabled: 401, other: 403, buyer: 403 },
      admin: { visitor: 401, disabled: 401, buyer: 403, other: 403, owner: 403 },
    };
    const contradictions = rules.flatMap((rule) => {
      const access = declared.get(rule.route);
      if (!access) return [];
      const expected = refusedAs[access];
      const wrong = Object.entries(expected).filter(([role, status]) => rule.expect[role as Role] !== status);
      if (access === 'public' && rule.expect.visitor === 401) wrong.push(['visitor', 401]);
      return wrong.length ? [`${rule.route} (${access}): ${wrong.map(([role]) => role).join(', ')}`] : [];
    });
    expect(contradictions).toEqual([]);
  });

  it('calls every route as every kind of caller, and each row says what every caller gets', () => {
    expect([...callOrder].sort()).toEqual([...roles].sort());
    const incomplete = rules.filter((rule) => Object.keys(rule.expect).sort().join() !== [...roles].sort().join()).map((rule) => rule.route);
    expect(incomplete, 'rows that leave out a role').toEqual([]);
  });

  it.each(rules.map((rule) => [rule.route, rule] as const))('%s', async (_name, rule) => {
    const fixture = await createFixture(ctx.db);
    const [method, path] = rule.route.split(' ') as [string, string];
    const request = rule.request?.(fixture) ?? { url: path };
    expect(request.url, 'a rule must fill in the route parameters').not.toContain(':');
    const actual: Partial<Record<Role, number>> = {};
    for (const role of callOrder) {
      const auth = role === 'visitor' ? {} : { authorization: `Bearer ${fixture.tokens[role]}` };
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: request.url,
        headers: { origin: ctx.config.publicUrl, ...auth, ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      });
      actual[role] = response.statusCode;
    }
    expect(actual).toEqual(rule.expect);
  });
});
