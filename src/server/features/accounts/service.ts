import { eq, sql } from 'drizzle-orm';
import { meResponse, type Me, type UpdateLanguageInput, type UpdateProfileInput } from '../../../shared/schemas/users';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses, users } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Asked on every page the web app opens: prepared once (planning it costs more than running it).
 * The bio is not part of the session's user, so it comes in the same round trip as the count.
 */
const createdCoursesStatement = (db: Database) =>
  prepared(db, 'users_created_courses_and_bio', () =>
    db
      .select({
        value: db.$count(courses, eq(courses.ownerId, sql.placeholder('ownerId'))),
        bio: users.bio,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('ownerId')))
      .prepare('users_created_courses_and_bio'),
  );

/**
 * Answers already serialised, kept with the session's user object (so they leave the process's
 * session cache with it) and tagged with the catalogue's version their count was read at: every
 * change to courses makes a new version, so an answer is reused only while no course changed
 * anywhere, and so does a change of the bio (migration 0017). A change to the user makes a new user
 * object (the session cache drops the old one).
 */
const keptAnswers = new WeakMap<SessionUser, { catalogVersion: string; json: string }>();

/** The user as the web app holds them (from the session just read), with how many courses they have created. */
export async function getMe(db: Database, user: SessionUser): Promise<Me> {
  const [created] = await createdCoursesStatement(db).execute({ ownerId: user.id });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    bio: created?.bio ?? null,
    isAdmin: user.isAdmin,
    createdCoursesCount: created?.value ?? 0,
  };
}

/**
 * `getMe`'s answer as it goes out, serialised by the response schema as Fastify would, and kept:
 * asked on every page the web app opens, it then costs no query and no schema pass.
 * `catalogVersion` is the version this process knows from the database's notices (undefined
 * when it does not: the answer is then made every time).
 */
export async function getMeAnswer(db: Database, user: SessionUser, catalogVersion: string | undefined): Promise<string> {
  const kept = keptAnswers.get(user);
  if (catalogVersion !== undefined && kept?.catalogVersion === catalogVersion) return kept.json;
  // The version was known before the count is read, so the count is at least that recent.
  const json = JSON.stringify(meResponse.parse(await getMe(db, user)));
  if (catalogVersion !== undefined) keptAnswers.set(user, { catalogVersion, json });
  return json;
}

/** Changes the user's own name, picture and bio; an empty picture or bio removes it, a bio left out stays. */
export async function updateProfile(db: Database, user: SessionUser, input: UpdateProfileInput): Promise<Me> {
  const [updated] = await db
    .update(users)
    .set({
      name: input.name,
      image: input.image === '' ? null : input.image,
      ...(input.bio === undefined || input.bio === null ? {} : { bio: input.bio === '' ? null : input.bio }),
    })
    .where(eq(users.id, user.id))
    .returning({ name: users.name, image: users.image });
  if (!updated) throw new AppError('USER_NOT_FOUND', 'User not found');
  return getMe(db, { ...user, ...updated });
}

/** Keeps the user's language in step with the web app's, so e-mails arrive in the language they read. */
export async function setLanguage(db: Database, user: SessionUser, input: UpdateLanguageInput): Promise<UpdateLanguageInput> {
  await db.update(users).set({ language: input.language }).where(eq(users.id, user.id));
  return { language: input.language };
}
