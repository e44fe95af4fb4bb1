import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AdminCategory, AdminSubcategory } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { categories, courses, subcategories } from '../../db/schema';
import { AppError, pgErrorCode } from '../../errors';
import { recordAudit } from '../../audit';
import { iso } from '../../db/paging';

const nameTaken = () => new AppError('NAME_TAKEN', 'That name is already taken', { name: ['validation.nameTaken'] });
const categoryNotFound = () => new AppError('NOT_FOUND', 'Category not found');
const subcategoryNotFound = () => new AppError('NOT_FOUND', 'Subcategory not found');

/** Names are compared without regard to case, so "Python" and "python" cannot both exist. */
const sameName = (column: typeof categories.name | typeof subcategories.name, name: string) => sql`lower(${column}) = lower(${name})`;

/** Runs a change, turning the database's unique-name refusal (a race past our check) into NAME_TAKEN. */
async function withUniqueName<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw nameTaken();
    throw error;
  }
}

/** Every category with its subcategories, disabled ones included, and how many courses use each. */
export async function listCategories(db: Database): Promise<AdminCategory[]> {
  const categoryRows = await db.select().from(categories).orderBy(asc(categories.name));
  const subcategoryRows = await db.select().from(subcategories).orderBy(asc(subcategories.name));
  const perCategory = await db.select({ id: courses.categoryId, total: count() }).from(courses).groupBy(courses.categoryId);
  const perSubcategory = await db.select({ id: courses.subcategoryId, total: count() }).from(courses).groupBy(courses.subcategoryId);
  const categoryCounts = new Map(perCategory.map((row) => [row.id, row.total]));
  const subcategoryCounts = new Map(perSubcategory.map((row) => [row.id, row.total]));
  return categoryRows.map((category) => ({
    id: category.id,
    name: category.name,
    disabledAt: iso(category.disabledAt),
    courseCount: categoryCounts.get(category.id) ?? 0,
    subcategories: subcategoryRows
      .filter((subcategory) => subcategory.categoryId === category.id)
      .map(
        (subcategory): AdminSubcategory => ({
          id: subcategory.id,
          categoryId: subcategory.categoryId,
          name: subcategory.name,
          disabledAt: iso(subcategory.disabledAt),
          courseCount: subcategoryCounts.get(subcategory.id) ?? 0,
        }),
      ),
  }));
}

async function findCategory(db: Database, id: number): Promise<AdminCategory> {
  const found = (await listCategories(db)).find((category) => category.id === id);
  if (!found) throw categoryNotFound();
  return found;
}

export async function createCategory(db: Database, actorId: string, name: string): Promise<AdminCategory> {
  const id = await withUniqueName(() =>
    db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: categories.id }).from(categories).where(sameName(categories.name, name));
      if (existing) throw nameTaken();
      const [created] = await tx.insert(categories).values({ name }).returning();
      await recordAudit(tx, { actorId, action: 'category.create', targetType: 'category', targetId: created!.id, after: { name } });
      return created!.id;
    }),
  );
  return findCategory(db, id);
}

export async function renameCategory(db: Database, actorId: string, id: number, name: string): Promise<AdminCategory> {
  await withUniqueName(() =>
    db.transaction(async (tx) => {
      const [category] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!category) throw categoryNotFound();
      const [existing] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(sameName(categories.name, name), ne(categories.id, id)));
      if (existing) throw nameTaken();
      await tx.update(categories).set({ name }).where(eq(categories.id, id));
      await recordAudit(tx, { actorId, action: 'category.rename', targetType: 'category', targetId: id, before: { name: category.name }, after: { name } });
    }),
  );
  return findCategory(db, id);
}

/** Disabling hides the category (and so its subcategories) from the catalogue's selects; courses keep it. */
export async function setCategoryEnabled(db: Database, actorId: string, id: number, enabled: boolean): Promise<AdminCategory> {
  await db.transaction(async (tx) => {
    const [category] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!category) throw categoryNotFound();
    if (enabled === !category.disabledAt) throw new AppError('CONFLICT', enabled ? 'The category is already enabled' : 'The category is already disabled');
    const disabledAt = enabled ? null : new Date();
    await tx.update(categories).set({ disabledAt }).where(eq(categories.id, id));
    await recordAudit(tx, {
      actorId,
      action: enabled ? 'category.enable' : 'category.disable',
      targetType: 'category',
      targetId: id,
      before: { disabledAt: iso(category.disabledAt) },
      after: { disabledAt: iso(disabledAt) },
    });
  });
  return findCategory(db, id);
}

export async function createSubcategory(db: Database, actorId: string, categoryId: number, name: string): Promise<AdminCategory> {
  await withUniqueName(() =>
    db.transaction(async (tx) => {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('update');
      if (!category) throw categoryNotFound();
      const [existing] = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.categoryId, categoryId), sameName(subcategories.name, name)));
      if (existing) throw nameTaken();
      const [created] = await tx.insert(subcategories).values({ categoryId, name }).returning();
      await recordAudit(tx, { actorId, action: 'subcategory.create', targetType: 'subcategory', targetId: created!.id, after: { categoryId, name } });
    }),
  );
  return findCategory(db, categoryId);
}

async function lockSubcategory(tx: Database, id: number) {
  const [subcategory] = await tx.select().from(subcategories).where(eq(subcategories.id, id)).for('update');
  if (!subcategory) throw subcategoryNotFound();
  return subcategory;
}

export async function renameSubcategory(db: Database, actorId: string, id: number, name: string): Promise<AdminCategory> {
  const categoryId = await withUniqueName(() =>
    db.transaction(async (tx) => {
      const subcategory = await lockSubcategory(tx, id);
      const [existing] = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.categoryId, subcategory.categoryId), sameName(subcategories.name, name), ne(subcategories.id, id)));
      if (existing) throw nameTaken();
      await tx.update(subcategories).set({ name }).where(eq(subcategories.id, id));
      await recordAudit(tx, { actorId, action: 'subcategory.rename', targetType: 'subcategory', targetId: id, before: { name: subcategory.name }, after: { name } });
      return subcategory.categoryId;
    }),
  );
  return findCategory(db, categoryId);
}

export async function setSubcategoryEnabled(db: Database, actorId: string, id: number, enabled: boolean): Promise<AdminCategory> {
  const categoryId = await db.transaction(async (tx) => {
    const subcategory = await lockSubcategory(tx, id);
    if (enabled === !subcategory.disabledAt) throw new AppError('CONFLICT', enabled ? 'The subcategory is already enabled' : 'The subcategory is already disabled');
    const disabledAt = enabled ? null : new Date();
    await tx.update(subcategories).set({ disabledAt }).where(eq(subcategories.id, id));
    await recordAudit(tx, {
      actorId,
      action: enabled ? 'subcategory.enable' : 'subcategory.disable',
      targetType: 'subcategory',
      targetId: id,
      before: { disabledAt: iso(subcategory.disabledAt) },
      after: { disabledAt: iso(disabledAt) },
    });
    return subcategory.categoryId;
  });
  return findCategory(db, categoryId);
}
