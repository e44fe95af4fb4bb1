import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin } from '../../../../test/helpers/auth';
import { categories, courses, subcategories, users } from '../../db/schema';

describe('GET /api/users/me', () => {
  const ctx = useTestApp();

  it('answers 401 UNAUTHENTICATED to a visitor', async () => {
    const response = await ctx.app.inject({ url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('returns exactly the signed-in user’s public fields', async () => {
    const user = await signedInUser(ctx.app, 'lucia@example.com');
    const response = await ctx.app.inject({ url: '/api/users/me', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, name: 'lucia', email: 'lucia@example.com', image: null, bio: null, isAdmin: false, createdCoursesCount: 0 });
  });

  it('reports admins', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: admin.headers })).json().isAdmin).toBe(true);
  });

  it('counts the courses the user created (disabled ones too), not other people’s', async () => {
    const teacher = await signedInUser(ctx.app);
    const other = await signedInUser(ctx.app);
    const [category] = await ctx.db.insert(categories).values({ name: 'Diseño' }).returning();
    const [subcategory] = await ctx.db.insert(subcategories).values({ categoryId: category!.id, name: 'UX' }).returning();
    const course = (ownerId: string, disabled = false) => ({
      title: `Curso ${randomUUID().slice(0, 6)}`,
      description: 'Una descripción suficientemente larga.',
      categoryId: category!.id,
      subcategoryId: subcategory!.id,
      durationHours: 3,
      language: 'spanish' as const,
      level: 'easy' as const,
      priceCents: 0,
      teacherName: 'Profesora Ana',
      ownerId,
      disabledAt: disabled ? new Date() : null,
    });
    await ctx.db.insert(courses).values([course(teacher.id), course(teacher.id, true), course(other.id)]);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: teacher.headers })).json().createdCoursesCount).toBe(2);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: other.headers })).json().createdCoursesCount).toBe(1);
  });
});

describe('PATCH /api/users/me', () => {
  const ctx = useTestApp();
  const patch = (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload: payload as object });

  it('changes my name and picture and answers the updated user', async () => {
    const user = await signedInUser(ctx.app);
    const response = await patch(user.headers, { name: '  Lucía Gómez ', image: 'https://cdn.example.com/me.png' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, name: 'Lucía Gómez', image: 'https://cdn.example.com/me.png' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Lucía Gómez', image: 'https://cdn.example.com/me.png' });
  });

  it('answers the new name at the next read, though the answer before was kept', async () => {
    const user = await signedInUser(ctx.app);
    const read = async () => (await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).json().name;
    const before = await read();
    expect(await read()).toBe(before);
    expect((await patch(user.headers, { name: 'Nombre Nuevo', image: '' })).statusCode).toBe(200);
    expect(await read()).toBe('Nombre Nuevo');
  });

  it('removes the picture when it is sent empty', async () => {
    const user = await signedInUser(ctx.app);
    await patch(user.headers, { name: 'Ana', image: 'http://example.com/a.jpg' });
    const response = await patch(user.headers, { name: 'Ana', image: '' });
    expect(response.json().image).toBeNull();
  });

  it('changes only the caller: nobody can edit another user through it', async () => {
    const me = await signedInUser(ctx.app);
    const other = await signedInUser(ctx.app);
    await patch(me.headers, { name: 'Yo', image: '', id: other.id, email: 'x@example.com', isAdmin: true });
    const [otherRow] = await ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow!.name).toBe(other.name);
    const [mine] = await ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(mine).toMatchObject({ name: 'Yo', email: me.email, isAdmin: false });
  });

  it.each([
    [{ name: '', image: '' }, 'name', 'validation.nameRequired'],
    [{ name: '   ', image: '' }, 'name', 'validation.nameRequired'],
    [{ name: 'x'.repeat(51), image: '' }, 'name', 'validation.nameTooLong'],
    [{ name: 'Admin', image: '' }, 'name', 'validation.nameReserved'],
    [{ name: 'register', image: '' }, 'name', 'validation.nameReserved'],
    [{ name: 'Ana', image: 'javascript:alert(1)' }, 'image', 'validation.imageUrl'],
    [{ name: 'Ana', image: 'data:image/png;base64,AAAA' }, 'image', 'validation.imageUrl'],
    [{ name: 'Ana', image: 'ftp://example.com/a.png' }, 'image', 'validation.imageUrl'],
    [{ name: 'Ana', image: 'not a url' }, 'image', 'validation.imageUrl'],
    [{ name: 'Ana', image: `https://example.com/${'a'.repeat(2100)}` }, 'image', 'validation.imageUrl'],
  ])('refuses %j with %s: %s, changing nothing', async (payload, field, key) => {
    const user = await signedInUser(ctx.app);
    const response = await patch(user.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [key] } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe(user.name);
  });

  it.each([[{}], [{ name: 'Ana' }], [{ image: '' }], [{ name: 5, image: '' }], ['not json']])('refuses the malformed body %j with a 400', async (payload) => {
    const user = await signedInUser(ctx.app);
    const response = await patch({ ...user.headers, 'content-type': 'application/json' }, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
  });

  it('answers 401 to a visitor', async () => {
    const response = await patch({}, { name: 'Ana', image: '' });
    expect(response.statusCode).toBe(401);
  });
});
