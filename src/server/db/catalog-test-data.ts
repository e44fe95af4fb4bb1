import { randomUUID } from 'node:crypto';
import type { Database } from './client';
import { categories, courses, subcategories, users } from './schema';

/** Rows for the catalogue's tests, inserted directly with unique values. */

export async function insertTeacher(db: Database, name = 'Teacher') {
  const id = randomUUID();
  await db.insert(users).values({ id, name, email: `teacher-${id.slice(0, 8)}@example.com` });
  return id;
}

export async function insertCategory(db: Database, name: string, subcategoryNames: string[] = [], disabled = false) {
  const [category] = await db
    .insert(categories)
    .values({ name, disabledAt: disabled ? new Date() : null })
    .returning();
  const subs = [];
  for (const subName of subcategoryNames) {
    const [sub] = await db.insert(subcategories).values({ categoryId: category!.id, name: subName }).returning();
    subs.push(sub!);
  }
  return { ...category!, subcategories: subs };
}

type CourseValues = Partial<typeof courses.$inferInsert>;

let clock = Date.UTC(2024, 0, 1);

/**
 * A course; each call is one minute newer than the previous one unless `createdAt` is given,
 * so "newest first" has a known order.
 */
export async function insertCourse(db: Database, base: { ownerId: string; categoryId: number; subcategoryId: number }, values: CourseValues = {}) {
  clock += 60_000;
  const [course] = await db
    .insert(courses)
    .values({
      title: 'Curso de prueba',
      description: 'Una descripción de prueba suficientemente larga.',
      imageUrl: 'https://example.com/image.jpg',
      durationHours: 5,
      language: 'spanish',
      level: 'easy',
      priceCents: 1000,
      teacherName: 'Profesor Prueba',
      createdAt: new Date(clock),
      ...base,
      ...values,
    })
    .returning();
  return course!;
}

/** A teacher, two categories (the first with two subcategories) and nothing else. */
export async function insertCatalogBase(db: Database) {
  const ownerId = await insertTeacher(db);
  const programming = await insertCategory(db, 'Programación', ['Python', 'Web']);
  const design = await insertCategory(db, 'Diseño', ['Gráfico']);
  const python = { ownerId, categoryId: programming.id, subcategoryId: programming.subcategories[0]!.id };
  const web = { ownerId, categoryId: programming.id, subcategoryId: programming.subcategories[1]!.id };
  const graphic = { ownerId, categoryId: design.id, subcategoryId: design.subcategories[0]!.id };
  return { ownerId, programming, design, python, web, graphic };
}
