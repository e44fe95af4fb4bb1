import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Certificate, CertificateRuleMissing, CertificateVerification } from '../../../shared/schemas/certificates';
import { languageOrDefault } from '../../../shared/languages';
import type { Database } from '../../db/client';
import { certificates, courseLessons, courses, lessonProgress, users } from '../../db/schema';
import { countsTowardsCompletion } from '../curriculum';
import { holdsCourse } from '../orders';
import { certificateStanding, meetsCertificateRules } from './certificate-rules';

/**
 * The one owner of certificates of completion: issued once a learner who holds a course has
 * done every lesson of it and met its certificate rules (`certificate-rules.ts`), revoked when a refund takes the course back (enrollments.ts calls
 * `revokeCertificates` as it does), and read by their holders and, by code, by anyone.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new certificate code: 12 random characters (60 bits: not guessable, and a collision is
 * out of reach) in three groups of four. 256 is a multiple of 32, so each byte's low five bits
 * pick a character without bias.
 */
export function newCertificateCode(): string {
  const characters = [...randomBytes(12)].map((byte) => CODE_ALPHABET[byte & 31]!);
  return [characters.slice(0, 4), characters.slice(4, 8), characters.slice(8, 12)].map((group) => group.join('')).join('-');
}

type CertificateRow = typeof certificates.$inferSelect;

export const certificateOf = (row: CertificateRow): Certificate => ({
  code: row.code,
  courseId: row.courseId,
  courseTitle: row.courseTitle,
  learnerName: row.learnerName,
  teacherName: row.teacherName,
  language: languageOrDefault(row.language),
  issuedAt: row.issuedAt.toISOString(),
  state: row.revokedAt ? 'revoked' : 'valid',
  revokedAt: row.revokedAt?.toISOString() ?? null,
  lessonsCompleted: row.lessonsCompleted,
  videoSecondsWatched: row.videoSecondsWatched,
  achievements: row.achievements ?? null,
  finalScore: row.finalScore,
});

/** The user's certificate in force for the course, if any. */
async function certificateInForce(db: Database, userId: string, courseId: number): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), isNull(certificates.revokedAt)));
  return row ?? null;
}

/**
 * Every lesson of the course done by the user, inside a query, the intro trailer aside
 * (`countsTowardsCompletion`); a course without such lessons is never complete.
 */
const completedEveryLesson = (userId: string, courseId: number) => sql`
  exists (select 1 from ${courseLessons} where ${courseLessons.courseId} = ${courseId} and ${countsTowardsCompletion})
  and not exists (
    select 1 from ${courseLessons}
    where ${courseLessons.courseId} = ${courseId} and ${countsTowardsCompletion}
      and not exists (
        select 1 from ${lessonProgress}
        where ${lessonProgress.userId} = ${userId} and ${lessonProgress.lessonId} = ${courseLessons.id} and ${lessonProgress.completedAt} is not null
      )
  )`;

/**
 * What the server saw of the user in the course, as one row: the lessons done that completing
 * it asks for, and the seconds of video it saw played in them (`watched_seconds`, from the
 * playback reports it heard; a lesson done before that was recorded adds none).
 */
const seenOfCourse = (userId: string, courseId: number) => sql`
  select count(*)::int as lessons, coalesce(sum(${lessonProgress.watchedSeconds}), 0)::int as video_seconds
  from ${lessonProgress}
  join ${courseLessons} on ${courseLessons.id} = ${lessonProgress.lessonId}
  where ${lessonProgress.userId} = ${userId} and ${courseLessons.courseId} = ${courseId}
    and ${lessonProgress.completedAt} is not null and ${countsTowardsCompletion}`;

/**
 * Issues the user's certificate of the course when they hold it, have done every lesson and
 * meet the course's certificate rules (`certificate-rules.ts`), with what it certifies copied
 * now (their name, the course's title and teacher, their language, the lessons done, the video
 * the server saw them watch, the required quizzes with their best percent, the assignments
 * passed, the final score). One statement decides and inserts, asking the lessons and the rules
 * again, and the partial unique index keeps one in force per learner and course: concurrent
 * calls (the player's completion, a quiz graded, a review, a click on the button) end with one
 * certificate, which every call answers. A certificate in force is answered as it is, even when
 * the course grew lessons or rules since. Null when none is due.
 */
export async function issueCertificateIfComplete(db: Database, { userId, courseId }: { userId: string; courseId: number }): Promise<Certificate | null> {
  const inForce = await certificateInForce(db, userId, courseId);
  if (inForce) return certificateOf(inForce);
  const standing = await certificateStanding(db, userId, courseId);
  if (standing.missing.length > 0) return null;
  await db.execute(sql`
    insert into ${certificates} (code, user_id, course_id, learner_name, course_title, teacher_name, language, lessons_completed, video_seconds_watched, achievements, final_score)
    select ${newCertificateCode()}, ${users.id}, ${courses.id}, ${users.name}, ${courses.title}, ${courses.teacherName}, ${users.language},
      seen.lessons, seen.video_seconds, ${JSON.stringify(standing.achievements)}::jsonb, ${standing.finalScore}::int
    from ${users}, ${courses}, (${seenOfCourse(userId, courseId)}) as seen
    where ${users.id} = ${userId} and ${courses.id} = ${courseId}
      and ${holdsCourse(userId, courseId)}
      and ${completedEveryLesson(userId, courseId)}
      and ${meetsCertificateRules(userId, courseId)}
    on conflict (user_id, course_id) where revoked_at is null do nothing`);
  const row = await certificateInForce(db, userId, courseId);
  return row ? certificateOf(row) : null;
}

/** Why no certificate is due to a holder of the course: a lesson left, or a rule not met. */
export async function certificateShortfall(db: Database, { userId, courseId }: { userId: string; courseId: number }): Promise<'lessons' | 'rules'> {
  const [row] = (await db.execute<{ done: boolean }>(sql`select (${completedEveryLesson(userId, courseId)}) as done`)).rows;
  return row?.done ? 'rules' : 'lessons';
}

/** The rules a learner who did every lesson has not met yet, for the player to say; empty while lessons are left. */
export async function missingCertificateRules(db: Database, { userId, courseId }: { userId: string; courseId: number }): Promise<CertificateRuleMissing[]> {
  return (await certificateStanding(db, userId, courseId)).missing;
}

/**
 * Revokes the user's certificates in force of these courses (a refund took them back). Run it
 * in the transaction that takes the courses back. Answers how many it revoked.
 */
export async function revokeCertificates(db: Database, { userId, courseIds }: { userId: string; courseIds: readonly number[] }): Promise<number> {
  if (courseIds.length === 0) return 0;
  const revoked = await db
    .update(certificates)
    .set({ revokedAt: new Date() })
    .where(and(eq(certificates.userId, userId), inArray(certificates.courseId, [...courseIds]), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return revoked.length;
}

/** The user's certificates, the newest first, revoked ones included. */
export async function listCertificates(db: Database, userId: string): Promise<Certificate[]> {
  const rows = await db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map(certificateOf);
}

/** A certificate by its code, with its holder's id (to decide who may download it); null for an unknown code. */
export async function findCertificate(db: Database, code: string): Promise<(Certificate & { userId: string }) | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row ? { ...certificateOf(row), userId: row.userId } : null;
}

/** What the public verification of a code shows: what it certifies and whether it stands. */
export async function verifyCertificate(db: Database, code: string): Promise<CertificateVerification | null> {
  const found = await findCertificate(db, code);
  if (!found) return null;
  const { code: foundCode, learnerName, courseId, courseTitle, teacherName, issuedAt, state, revokedAt, lessonsCompleted, videoSecondsWatched, achievements, finalScore } = found;
  return { code: foundCode, learnerName, courseId, courseTitle, teacherName, issuedAt, state, revokedAt, lessonsCompleted, videoSecondsWatched, achievements, finalScore };
}
