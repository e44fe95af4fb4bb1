import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin, TEST_PASSWORD } from '../../../../test/helpers/auth';
import { auditLog, sessions, users } from '../../db/schema';
import { createCourse, createOrder, createUser } from '../../db/factories';

describe('admin users', () => {
  const ctx = useTestApp();

  const signIn = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      payload: { email, password: TEST_PASSWORD },
    });

  it('lists active or disabled users, with search and pages', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    for (let index = 0; index < 20; index += 1) await createUser(ctx.db);
    await createUser(ctx.db, { name: 'Lucía Fernández', email: 'lucia@example.test' });
    await createUser(ctx.db, { name: 'Cuenta cerrada', disabledAt: new Date() });

    const first = await ctx.app.inject({ url: '/api/admin/users', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    // 21 inserted + the admin.
    expect(first.json()).toMatchObject({ total: 22, pageCount: 2 });
    expect(first.json().items).toHaveLength(20);

    const search = await ctx.app.inject({ url: '/api/admin/users?q=LUCIA%40', headers: admin.headers });
    expect(search.json().items).toEqual([expect.objectContaining({ name: 'Lucía Fernández', email: 'lucia@example.test', image: null, isAdmin: false })]);

    const inactive = await ctx.app.inject({ url: '/api/admin/users?status=inactive', headers: admin.headers });
    expect(inactive.json().items.map((user: { name: string }) => user.name)).toEqual(['Cuenta cerrada']);
  });

  it('shows a user with the courses they bought and created', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const user = await createUser(ctx.db);
    const bought = await createCourse(ctx.db, { title: 'Curso comprado' });
    const created = await createCourse(ctx.db, { title: 'Curso creado', ownerId: user.id, disabledAt: new Date() });
    await createCourse(ctx.db, { title: 'Curso ajeno' });
    await createOrder(ctx.db, { userId: user.id, items: [bought] });

    const response = await ctx.app.inject({ url: `/api/admin/users/${user.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, isAdmin: false, disabledAt: null });
    expect(body.bought.map((course: { id: number }) => course.id)).toEqual([bought.id]);
    expect(body.created).toEqual([expect.objectContaining({ id: created.id, title: 'Curso creado', disabledAt: expect.any(String) })]);

    const missing = await ctx.app.inject({ url: '/api/admin/users/nobody', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('USER_NOT_FOUND');
  });

  it("edits a user's name and image, and audits it", async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const user = await createUser(ctx.db, { name: 'Nombre viejo' });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers: admin.headers,
      payload: { name: '  Nombre nuevo ', image: 'https://example.com/me.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Nombre nuevo', image: 'https://example.com/me.png' });
    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'user.edit',
      targetId: user.id,
      before: { name: 'Nombre viejo', image: null },
      after: { name: 'Nombre nuevo', image: 'https://example.com/me.png' },
    });

    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: admin.headers, payload: { name: '', image: 'data:text/html,x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ name: ['validation.nameRequired'], image: ['validation.imageUrl'] });
  });

  it("disabling refuses the user's existing session at once, and they cannot sign in again", async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    // Another admin, so that the session's effect is visible on an admin route.
    const target = await signedInAdmin(ctx.app, ctx.db);
    const before = await ctx.app.inject({ url: '/api/admin/dashboard', headers: target.headers });
    expect(before.statusCode).toBe(200);

    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/disable`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.disabledAt).toEqual(expect.any(String));

    const after = await ctx.app.inject({ url: '/api/admin/dashboard', headers: target.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('ACCOUNT_DISABLED');
    const signInAgain = await signIn(target.email);
    expect(signInAgain.statusCode).toBe(401);

    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({ action: 'user.disable', targetId: target.id, before: { disabledAt: null } });
  });

  it('an admin cannot disable themselves', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${admin.id}/disable`, headers: admin.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CANNOT_DISABLE_SELF');
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(stored!.disabledAt).toBeNull();
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
    const still = await ctx.app.inject({ url: '/api/admin/dashboard', headers: admin.headers });
    expect(still.statusCode).toBe(200);
  });

  it('enabling lets the user sign in again, without reviving the sessions they had', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const target = await signedInUser(ctx.app);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/disable`, headers: admin.headers });

    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/enable`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.disabledAt).toBeNull();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    const oldSession = await ctx.app.inject({ url: '/api/admin/dashboard', headers: target.headers });
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.json().error.code).toBe('UNAUTHENTICATED');
    expect((await signIn(target.email)).statusCode).toBe(200);

    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/enable`, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    const actions = (await ctx.db.select().from(auditLog)).map((row) => row.action);
    expect(actions.sort()).toEqual(['user.disable', 'user.enable']);
  });

  it('makes a user an admin, whose session then reaches the admin routes', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const target = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ url: '/api/admin/dashboard', headers: target.headers })).statusCode).toBe(403);

    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/make-admin`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isAdmin).toBe(true);
    expect((await ctx.app.inject({ url: '/api/admin/dashboard', headers: target.headers })).statusCode).toBe(200);

    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/make-admin`, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({ action: 'user.makeAdmin', targetId: target.id, before: { isAdmin: false }, after: { isAdmin: true } });
  });

  it('refuses user actions to non-admins and changes nothing', async () => {
    const user = await signedInUser(ctx.app);
    const victim = await createUser(ctx.db);
    for (const action of ['disable', 'make-admin']) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${victim.id}/${action}`, headers: user.headers });
      expect(response.statusCode).toBe(403);
    }
    const visitor = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${victim.id}/disable`, headers: { origin: TEST_ORIGIN } });
    expect(visitor.statusCode).toBe(401);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(stored).toMatchObject({ isAdmin: false, disabledAt: null });
  });
});
