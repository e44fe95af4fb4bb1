import { count, eq, sql } from 'drizzle-orm';
import type { Me, UpdateLanguageInput, UpdateProfileInput } from '../../../shared/schemas/users';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses, users } from '../../db/schema';
import { AppError } from '../../errors';

/** Asked on every page the web app opens: prepared once (planning it costs more than running it). */
const createdCoursesStatement = (db: Database) =>
  prepared(db, 'users_created_courses', () =>
    db
      .select({ value: count() })
      .from(courses)
      .where(eq(courses.ownerId, sql.placeholder('ownerId')))
      .prepare('users_created_courses'),
  );

/**
 * Counts already read, kept with the session's user object (so they leave the process's session
 * cache with it) and tagged with the catalogue's version they were read at: every change to
 * courses makes a new version, so a count is reused only while no course changed anywhere.
 */
const keptCreatedCourses = new WeakMap<SessionUser, { catalogVersion: string; count: number }>();

/**
 * The user as the web app holds them (from the session just read), with how many courses they
 * have created. `catalogVersion` is the version this process knows from the database's notices
 * (undefined when it does not: the count is then read every time).
 */
export async function getMe(db: Database, user: SessionUser, catalogVersion: string | undefined): Promise<Me> {
  const kept = keptCreatedCourses.get(user);
  let createdCoursesCount: number;
  if (catalogVersion !== undefined && kept?.catalogVersion === catalogVersion) {
    createdCoursesCount = kept.count;
  } else {
    // The version was known before the count is read, so the count is at least that recent.
    const [created] = await createdCoursesStatement(db).execute({ ownerId: user.id });
    createdCoursesCount = created?.value ?? 0;
    if (catalogVersion !== undefined) keptCreatedCourses.set(user, { catalogVersion, count: createdCoursesCount });
  }
  return { id: user.id, name: user.name, email: user.email, image: user.image, isAdmin: user.isAdmin, createdCoursesCount };
}

/** Changes the user's own name and picture; an empty picture removes it. */
export async function updateProfile(db: Database, user: SessionUser, input: UpdateProfileInput): Promise<Me> {
  const [updated] = await db
    .update(users)
    .set({ name: input.name, image: input.image === '' ? null : input.image })
    .where(eq(users.id, user.id))
    .returning({ name: users.name, image: users.image });
  if (!updated) throw new AppError('USER_NOT_FOUND', 'User not found');
  return getMe(db, { ...user, ...updated }, undefined);
}

/** Keeps the user's language in step with the web app's, so e-mails arrive in the language they read. */
export async function setLanguage(db: Database, user: SessionUser, input: UpdateLanguageInput): Promise<UpdateLanguageInput> {
  await db.update(users).set({ language: input.language }).where(eq(users.id, user.id));
  return { language: input.language };
}
