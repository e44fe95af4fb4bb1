import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin } from '../../../../test/helpers/auth';
import { auditLog, categories } from '../../db/schema';
import { createCategoryWithSubcategories, createCourse } from '../../db/factories';

describe('admin categories', () => {
  const ctx = useTestApp();

  it('creates, renames, disables and enables a category, auditing each step', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/categories', headers: admin.headers, payload: { name: ' Música ' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Música', disabledAt: null, subcategories: [], courseCount: 0 });
    const id = created.json().id as number;

    const renamed = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/categories/${id}`, headers: admin.headers, payload: { name: 'Música y audio' } });
    expect(renamed.json()).toMatchObject({ id, name: 'Música y audio' });

    const disabled = await ctx.app.inject({ method: 'POST', url: `/api/admin/categories/${id}/disable`, headers: admin.headers });
    expect(disabled.json().disabledAt).toEqual(expect.any(String));
    const disabledAgain = await ctx.app.inject({ method: 'POST', url: `/api/admin/categories/${id}/disable`, headers: admin.headers });
    expect(disabledAgain.statusCode).toBe(409);
    const enabled = await ctx.app.inject({ method: 'POST', url: `/api/admin/categories/${id}/enable`, headers: admin.headers });
    expect(enabled.json().disabledAt).toBeNull();

    const list = await ctx.app.inject({ url: '/api/admin/categories', headers: admin.headers });
    expect(list.json().items).toEqual([expect.objectContaining({ id, name: 'Música y audio' })]);

    const audit = await ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['category.create', 'category.rename', 'category.disable', 'category.enable']);
    expect(audit[1]).toMatchObject({ before: { name: 'Música' }, after: { name: 'Música y audio' } });
  });

  it('refuses a name already taken, whatever its case, with a field error', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    await createCategoryWithSubcategories(ctx.db, { name: 'Programación' });
    const { category } = await createCategoryWithSubcategories(ctx.db, { name: 'Diseño' });
    const duplicate = await ctx.app.inject({ method: 'POST', url: '/api/admin/categories', headers: admin.headers, payload: { name: 'PROGRAMACIÓN' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({ code: 'NAME_TAKEN', fields: { name: ['validation.nameTaken'] } });
    const rename = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/categories/${category.id}`, headers: admin.headers, payload: { name: 'programación' } });
    expect(rename.statusCode).toBe(409);
    // Renaming to its own name in another case is fine.
    const sameCategory = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/categories/${category.id}`, headers: admin.headers, payload: { name: 'DISEÑO' } });
    expect(sameCategory.statusCode).toBe(200);

    const empty = await ctx.app.inject({ method: 'POST', url: '/api/admin/categories', headers: admin.headers, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ name: ['validation.categoryNameRequired'] });
    expect((await ctx.db.select().from(categories)).map((row) => row.name).sort()).toEqual(['DISEÑO', 'Programación']);
  });

  it('manages subcategories: unique within their category, renamed, disabled and enabled', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const first = await createCategoryWithSubcategories(ctx.db, { name: 'Programación', subcategoryNames: ['Python'] });
    const second = await createCategoryWithSubcategories(ctx.db, { name: 'Ciencia de datos', subcategoryNames: ['Estadística'] });
    const python = first.subcategories[0]!;
    await createCourse(ctx.db, { categoryId: first.category.id, subcategoryId: python.id });

    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${first.category.id}/subcategories`,
      headers: admin.headers,
      payload: { name: 'JavaScript' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().subcategories.map((sub: { name: string }) => sub.name)).toEqual(['JavaScript', 'Python']);
    expect(created.json().subcategories.find((sub: { name: string }) => sub.name === 'Python').courseCount).toBe(1);

    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${first.category.id}/subcategories`,
      headers: admin.headers,
      payload: { name: 'python' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('NAME_TAKEN');
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${second.category.id}/subcategories`,
      headers: admin.headers,
      payload: { name: 'Python' },
    });
    expect(elsewhere.statusCode).toBe(201);

    const renamed = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/subcategories/${python.id}`, headers: admin.headers, payload: { name: 'Python 3' } });
    expect(renamed.statusCode).toBe(200);
    const disabled = await ctx.app.inject({ method: 'POST', url: `/api/admin/subcategories/${python.id}/disable`, headers: admin.headers });
    expect(disabled.json().subcategories.find((sub: { id: number }) => sub.id === python.id).disabledAt).toEqual(expect.any(String));
    const enabled = await ctx.app.inject({ method: 'POST', url: `/api/admin/subcategories/${python.id}/enable`, headers: admin.headers });
    expect(enabled.json().subcategories.find((sub: { id: number }) => sub.id === python.id).disabledAt).toBeNull();

    const missingCategory = await ctx.app.inject({ method: 'POST', url: '/api/admin/categories/99999/subcategories', headers: admin.headers, payload: { name: 'Nada' } });
    expect(missingCategory.statusCode).toBe(404);
    const missing = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/subcategories/99999', headers: admin.headers, payload: { name: 'Nada' } });
    expect(missing.statusCode).toBe(404);

    const actions = (await ctx.db.select().from(auditLog).orderBy(auditLog.id)).map((row) => row.action);
    expect(actions).toEqual(['subcategory.create', 'subcategory.create', 'subcategory.rename', 'subcategory.disable', 'subcategory.enable']);
  });

  it('refuses category changes to non-admins', async () => {
    const user = await signedInUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/categories', headers: user.headers, payload: { name: 'Hackeo' } });
    expect(response.statusCode).toBe(403);
    expect(await ctx.db.select().from(categories)).toEqual([]);
  });
});
