import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages, type Language } from '../../shared/languages';
import { couponDiscountKinds, courseLanguages, courseLevels, lessonKinds, paymentStatuses, playbackRates } from '../../shared/limits';
import type { QuestionAnswer, QuestionDefinition, QuizSettings } from '../../shared/schemas/quizzes';
import type { CertificateAchievements } from '../../shared/schemas/certificates';

/**
 * The SQL list of the interface's languages (`'es', 'en'`), for the checks of the columns that
 * hold one: a language added to src/shared/languages.ts changes these checks, and
 * `drizzle-kit generate` writes the migration.
 */
const languageList = (...more: string[]) => sql.raw([...languages, ...more].map((language) => `'${language}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Accounts. The first four tables follow better-auth's model (user, session,
// account, verification, rate limit) under our plural table names.
// ---------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The language the user's e-mails are written in: the web app's language at sign-up, kept in step when they switch. */
    language: text('language').notNull().default('es'),
    /** Set when an admin disables the account; the user can no longer sign in. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** A few words about themselves, shown on a teacher's public profile (/teacher/:id). */
    bio: text('bio'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    check('users_language_known', sql`${t.language} in (${languageList()})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * An e-mail change under way. The current address approves it (the approval link), then the new
 * address proves itself (the verification link); only then does the account's e-mail change. Its
 * links are stored hashed. It dies with the session that asked for it (revoked, signed out, or ended
 * by a password change or reset), when the password changes (`password_fingerprint` no longer
 * matches), or an hour after it was asked for.
 */
export const pendingEmailChanges = pgTable(
  'pending_email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One change under way per account: a new request replaces the previous one. */
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The address that approves the change; the change applies only while it is still the account's. */
    currentEmail: text('current_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** SHA-256 of the approval link's token; cleared once used. */
    approvalTokenHash: text('approval_token_hash').unique(),
    /** SHA-256 of the verification link's token, set when the change is approved. */
    verificationTokenHash: text('verification_token_hash').unique(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** SHA-256 of the password hash when the change was asked for (null: no password). */
    passwordFingerprint: text('password_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [index('pending_email_changes_session_id_idx').on(t.sessionId), index('pending_email_changes_created_at_idx').on(t.createdAt)],
);

/** Rate-limit counters live in the database so that they hold across server processes. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subcategories_category_name_unique').on(t.categoryId, t.name)],
);

export const courseLanguage = pgEnum('course_language', courseLanguages);
export const courseLevel = pgEnum('course_level', courseLevels);

export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    durationHours: integer('duration_hours').notNull(),
    language: courseLanguage('language').notNull(),
    level: courseLevel('level').notNull(),
    priceCents: integer('price_cents').notNull(),
    teacherName: text('teacher_name').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Kept in step with `reviews` in the same transaction as each review change. */
    ratingAverage: doublePrecision('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * A picture taken from the intro video by its transcode (`video_transcodes`), set when the
     * transcode finishes; shown wherever the course has no cover of its own (`displayedImageUrl`).
     */
    posterUrl: text('poster_url'),
    /** "What you'll learn" and "Requirements": short lines the teacher writes (schemas/courses.ts bounds them). */
    learningOutcomes: text('learning_outcomes').array().notNull().default(sql`'{}'::text[]`),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_price_range', sql`${t.priceCents} between 0 and 10000`),
    check('courses_duration_positive', sql`${t.durationHours} >= 0`),
    check('courses_rating_range', sql`${t.ratingAverage} between 0 and 5`),
    index('courses_owner_id_idx').on(t.ownerId),
  ],
);

/**
 * An uploaded video. It belongs to its uploader until a course claims it
 * (`course_id` + `position`: 1 is the public intro, 2 the main video for buyers).
 * Uploads never claimed are swept after a day.
 */
export const courseVideos = pgTable(
  'course_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    position: smallint('position'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull().default('video/mp4'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('course_videos_course_position_unique').on(t.courseId, t.position),
    check('course_videos_position_range', sql`${t.position} in (1, 2)`),
    index('course_videos_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.courseId} is null`),
  ],
);

// ---------------------------------------------------------------------------
// Curriculum: a course's sections and lessons (the course's two videos are its first lessons)
// ---------------------------------------------------------------------------

/** A part of a course's curriculum; `position` orders the course's sections (1, 2, …). */
export const courseSections = pgTable(
  'course_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_sections_course_position_idx').on(t.courseId, t.position)],
);

export const lessonKind = pgEnum('lesson_kind', lessonKinds);

/**
 * One lesson of a section; `position` orders the section's lessons (1, 2, …). What it holds
 * follows its kind: a video lesson its `video_id` (a `course_videos` row of the course: the
 * intro and main video are positions 1 and 2 there, further lessons' videos have none), a text
 * lesson its Markdown `body`, a resource its stored file. `duration_seconds` is computed,
 * never typed: the video's probed duration, a text's reading time, 0 for a file.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: lessonKind('kind').notNull(),
    /** Plays or reads for anyone, signed in or not, bought or not. */
    isPreview: boolean('is_preview').notNull().default(false),
    // No action (checked at the statement's end): a course's deletion cascades to both its lessons and its videos.
    videoId: uuid('video_id').references(() => courseVideos.id),
    body: text('body'),
    /** The stored file of a resource lesson (in the video storage), its name for the download, its size. */
    resourceKey: text('resource_key'),
    resourceName: text('resource_name'),
    resourceSizeBytes: bigint('resource_size_bytes', { mode: 'number' }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_lessons_section_position_idx').on(t.sectionId, t.position),
    index('course_lessons_course_idx').on(t.courseId),
    uniqueIndex('course_lessons_video_unique').on(t.videoId),
    check(
      'course_lessons_kind_content',
      sql`(${t.kind} = 'video') = (${t.videoId} is not null) and (${t.kind} = 'text') = (${t.body} is not null) and (${t.kind} = 'resource') = (${t.resourceKey} is not null)`,
    ),
    check('course_lessons_duration_positive', sql`${t.durationSeconds} >= 0`),
  ],
);

/**
 * A quiz lesson's quiz (`features/quizzes`): one row per lesson of kind `quiz`, created with the
 * lesson and gone with it. `current_version` names the version learners start attempts on.
 */
export const quizzes = pgTable('quizzes', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: 'cascade' }),
  currentVersion: integer('current_version').notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * Every saved state of a quiz: its rules and its questions (answers included), never changed
 * once written. Saving the quiz writes the next version; an attempt keeps the version it took,
 * so an edit after learners attempted it leaves their questions and scores as they were.
 */
export const quizVersions = pgTable(
  'quiz_versions',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => quizzes.lessonId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<QuizSettings>().notNull(),
    questions: jsonb('questions').$type<QuestionDefinition[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.version] }), check('quiz_versions_version_positive', sql`${t.version} >= 1`)],
);

/** How an attempt shows one of its questions: the question's id and its choices' or items' ids in the order drawn for it (null for the other types). */
export type AttemptLayoutEntry = { id: string; order: string[] | null };
/** One question's graded outcome, kept with the attempt. */
export type AttemptOutcome = { id: string; earned: number; outcome: 'right' | 'partial' | 'wrong' | 'unanswered' };

/**
 * A learner's attempt at a quiz, on the version it started on: the questions drawn for it in their
 * shuffled order (`layout`), the server's deadline, the answers saved so far (the last save wins;
 * `answers_saved_at` is when), and once submitted (or found past its deadline) the grade and each
 * question's outcome. `number` counts the learner's attempts at the lesson (1, 2, …); the unique
 * indexes keep two starts at once from making two attempts or two in progress.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: integer('lesson_id').notNull(),
    version: integer('version').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    layout: jsonb('layout').$type<AttemptLayoutEntry[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }),
    answers: jsonb('answers').$type<Record<string, QuestionAnswer>>().notNull().default({}),
    answersSavedAt: timestamp('answers_saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    earned: integer('earned'),
    possible: integer('possible'),
    percent: integer('percent'),
    passed: boolean('passed'),
    outcomes: jsonb('outcomes').$type<AttemptOutcome[]>(),
  },
  (t) => [
    foreignKey({ columns: [t.lessonId, t.version], foreignColumns: [quizVersions.lessonId, quizVersions.version] }).onDelete('cascade'),
    uniqueIndex('quiz_attempts_user_lesson_number_unique').on(t.userId, t.lessonId, t.number),
    uniqueIndex('quiz_attempts_one_in_progress').on(t.userId, t.lessonId).where(sql`${t.submittedAt} is null`),
    index('quiz_attempts_lesson_idx').on(t.lessonId),
    check('quiz_attempts_number_positive', sql`${t.number} >= 1`),
    check('quiz_attempts_graded_when_submitted', sql`(${t.submittedAt} is null) = (${t.percent} is null) and (${t.percent} is null) = (${t.passed} is null) and (${t.percent} is null) = (${t.earned} is null)`),
    check('quiz_attempts_scores', sql`${t.earned} >= 0 and ${t.earned} <= ${t.possible} and ${t.percent} between 0 and 100`),
  ],
);

/**
 * An image uploaded for a course's text lessons (JPEG, PNG, WebP or GIF, known by its content),
 * stored in the video storage under `storage_key` and shown at `/api/lesson-images/<id>`: the
 * only images a lesson's Markdown may show, so a lesson makes its readers' browsers call no other
 * host. It counts against its course owner's allowance (`owner_id`), and goes with the course.
 */
export const lessonImages = pgTable(
  'lesson_images',
  {
    id: uuid('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_images_course_idx').on(t.courseId), index('lesson_images_owner_idx').on(t.ownerId)],
);

/**
 * An assignment lesson's instructions (Markdown, rendered as a text lesson's) and how it is
 * graded: pass or fail, or points out of `max_points`, passed at `passing_points` or more.
 */
export const assignments = pgTable(
  'assignments',
  {
    lessonId: integer('lesson_id')
      .primaryKey()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    instructions: text('instructions').notNull(),
    grading: text('grading').notNull(),
    maxPoints: integer('max_points'),
    passingPoints: integer('passing_points'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_course_idx').on(t.courseId),
    check(
      'assignments_grading',
      sql`(${t.grading} = 'pass-fail' and ${t.maxPoints} is null and ${t.passingPoints} is null) or (${t.grading} = 'points' and ${t.maxPoints} > 0 and ${t.passingPoints} between 0 and ${t.maxPoints})`,
    ),
  ],
);

/**
 * One hand-in of an assignment by a learner: version 1, 2, … of that learner's work on that
 * lesson, every one kept with its review. Text (Markdown) and/or one stored file (known by its
 * content). `waiting` until reviewed, then `passed`, `failed` or `returned` (the learner may
 * hand in again); at most one waiting hand-in per learner and lesson (the partial unique
 * index). The review sets the grade, feedback and an optional returned file; a returned file
 * may be uploaded while the hand-in waits and is shown to the learner only once reviewed.
 */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    answerText: text('answer_text'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    state: text('state').notNull().default('waiting'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerId: text('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    points: integer('points'),
    feedback: text('feedback'),
    returnedFileKey: text('returned_file_key'),
    returnedFileName: text('returned_file_name'),
    returnedFileType: text('returned_file_type'),
    returnedFileSizeBytes: bigint('returned_file_size_bytes', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('assignment_submissions_version_unique').on(t.lessonId, t.userId, t.version),
    uniqueIndex('assignment_submissions_one_waiting').on(t.lessonId, t.userId).where(sql`${t.state} = 'waiting'`),
    index('assignment_submissions_queue_idx').on(t.submittedAt).where(sql`${t.state} = 'waiting'`),
    index('assignment_submissions_user_idx').on(t.userId),
    index('assignment_submissions_course_idx').on(t.courseId),
    check('assignment_submissions_state', sql`${t.state} in ('waiting', 'passed', 'failed', 'returned')`),
    check('assignment_submissions_content', sql`${t.answerText} is not null or ${t.fileKey} is not null`),
    check('assignment_submissions_reviewed', sql`(${t.state} = 'waiting') = (${t.reviewedAt} is null)`),
  ],
);

/**
 * The file a learner uploaded for an assignment and has not handed in yet: one per learner and
 * lesson (a new upload replaces it), taken by the next hand-in. It counts in the learner's stored bytes.
 */
export const assignmentDraftFiles = pgTable(
  'assignment_draft_files',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), index('assignment_draft_files_user_idx').on(t.userId)],
);

/**
 * The adaptive-streaming copy of a stored video, one row per source storage key (demo videos
 * are shared by many courses under one key, and are transcoded once): HLS renditions and a
 * poster under `hls_prefix` in the video storage. `state` is what the teacher sees: `queued`,
 * `processing` (with `percent`), `ready`, or `failed` (with `error`); until `ready` the MP4
 * plays. Written by the transcode job (`features/media/transcode-job.ts`); rows whose key no
 * video uses any more go with their files.
 */
export const videoTranscodes = pgTable(
  'video_transcodes',
  {
    storageKey: text('storage_key').primaryKey(),
    state: text('state').$type<'queued' | 'processing' | 'ready' | 'failed'>().notNull().default('queued'),
    percent: smallint('percent').notNull().default(0),
    error: text('error'),
    /** Where the files are: `<prefix>/master.m3u8`, `<prefix>/<rendition>/index.m3u8`, `<prefix>/poster.jpg`. */
    hlsPrefix: text('hls_prefix'),
    /** Every file written under the prefix (relative names), so that removing the video removes them all. */
    files: jsonb('files').$type<string[]>().notNull().default([]),
    /** The renditions, smallest first: `{ name: '360p', width, height, bandwidth }`. */
    renditions: jsonb('renditions').$type<{ name: string; width: number; height: number; bandwidth: number }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('video_transcodes_state_known', sql`${t.state} in ('queued', 'processing', 'ready', 'failed')`), check('video_transcodes_percent_range', sql`${t.percent} between 0 and 100`)],
);

/**
 * The durable job queue (`src/server/queue/`): work that must survive a restart and may take
 * long, run by a worker in any server process. A worker claims a due row with `FOR UPDATE
 * SKIP LOCKED` and holds it under a lease (`locked_until`, renewed while it works, `locked_by`
 * naming the holder); a worker that dies lets the lease run out and another takes the job
 * over. A failure retries after an exponential back-off until `max_attempts`. At most one
 * queued or running job per `dedupe_key`; `owner_id` bounds and shares the queue per user.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key'),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    progress: smallint('progress').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_state_known', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    index('jobs_due_idx')
      .on(t.queue, t.runAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    uniqueIndex('jobs_active_dedupe_unique')
      .on(t.queue, t.dedupeKey)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_active_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_finished_at_idx').on(t.finishedAt),
  ],
);

/**
 * Unfinished tus uploads, one row each, written by the server: the per-user limits count
 * these rows, and an upload expires by `last_write_at` (the server's clock at the last
 * accepted bytes), never by the file's modification time. The row goes when the upload
 * finishes (it becomes a `course_videos` row), is cancelled, or expires.
 */
export const uploadsInProgress = pgTable(
  'uploads_in_progress',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    lastWriteAt: timestamp('last_write_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_in_progress_owner_idx').on(t.ownerId), index('uploads_in_progress_last_write_idx').on(t.lastWriteAt)],
);

// ---------------------------------------------------------------------------
// Buyers
// ---------------------------------------------------------------------------

export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const paymentStatus = pgEnum('payment_status', paymentStatuses);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: paymentStatus('payment_status').notNull().default('unpaid'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    /** The buyer's optional billing name, address and tax ID, as the hosted checkout collected them. */
    billingDetails: jsonb('billing_details'),
    /** Tax the provider computed on top of the lines (Stripe Tax, when STRIPE_TAX=true); 0 otherwise. */
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * The coupon the order was priced with, and its code as the buyer saw it. An unpaid order
     * holds one of the coupon's uses until it expires; a paid (or refunded) one has used it.
     */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    couponCode: text('coupon_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_amount_non_negative', sql`${t.amountTotal} >= 0`),
    check('orders_coupon_code_with_coupon', sql`(${t.couponId} is null) = (${t.couponCode} is null)`),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_coupon_id_idx').on(t.couponId, t.paymentStatus),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /**
     * What the buyer paid for the line, after any coupon (`features/coupons/coupon-pricing.ts`), and its title
     * at the time of purchase; later edits of the course do not change past orders. Refunds, the
     * ledger and the invoices all work from this price.
     */
    priceCents: integer('price_cents').notNull(),
    /** The course's price when it was sold, before the coupon; `discountCents` is the difference. */
    listPriceCents: integer('list_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The teacher brought this buyer (their referral link, or their own coupon): the line's fee
     * rate is then REFERRAL_TEACHER_PERCENT's complement instead of PLATFORM_FEE_PERCENT.
     */
    referred: boolean('referred').notNull().default(false),
    title: text('title').notNull(),
    /** The teacher the line's share belongs to: the course's owner when it was sold. */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The split at the time of sale (`features/payouts/revenue-split.ts`): the platform's fee rate then, the
     * fee and the teacher's share. A later change of PLATFORM_FEE_PERCENT rewrites no history.
     */
    feeBasisPoints: integer('fee_basis_points').notNull(),
    feeCents: integer('fee_cents').notNull(),
    teacherShareCents: integer('teacher_share_cents').notNull(),
    /** Set when this line's payment was given back (a line refund, or the whole order's). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.courseId] }),
    index('order_items_course_id_idx').on(t.courseId),
    index('order_items_seller_id_idx').on(t.sellerId),
    check('order_items_split_adds_up', sql`${t.feeCents} >= 0 and ${t.teacherShareCents} >= 0 and ${t.feeCents} + ${t.teacherShareCents} = ${t.priceCents}`),
    check('order_items_fee_rate_range', sql`${t.feeBasisPoints} between 0 and 10000`),
    check('order_items_discount_adds_up', sql`${t.discountCents} >= 0 and ${t.priceCents} >= 0 and ${t.listPriceCents} - ${t.discountCents} = ${t.priceCents}`),
  ],
);

/**
 * A discount code. A teacher's coupon (`ownerId` set) covers some or all of that teacher's
 * courses; an admin's (`ownerId` null) is site-wide. Codes are unique whatever their case.
 * Uses are not counted here: they are the orders that carry the coupon (see `orders.couponId`).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * As its creator typed it (letters, digits, - and _); looked up by `upper(code)`. Unique per
     * owner (each teacher, and the site), so creating a code tells nothing of other teachers'.
     */
    code: text('code').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    discountKind: text('discount_kind', { enum: couponDiscountKinds }).notNull(),
    /** 1 to 100 for a percentage; cents off each covered line for an amount. */
    discountValue: integer('discount_value').notNull(),
    /** Every course of the owner (or of the site, for an admin's coupon); otherwise `coupon_courses`. */
    allCourses: boolean('all_courses').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses in all (null: no cap) and per buyer. */
    maxUses: integer('max_uses'),
    maxUsesPerBuyer: integer('max_uses_per_buyer').notNull().default(1),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The code first: a buyer's code is looked up by it alone, then narrowed to the cart's sellers.
    uniqueIndex('coupons_owner_code_unique').on(sql`upper(${t.code})`, sql`coalesce(${t.ownerId}, '')`),
    index('coupons_owner_idx').on(t.ownerId),
    check(
      'coupons_discount_range',
      sql`(${t.discountKind} = 'percent' and ${t.discountValue} between 1 and 100) or (${t.discountKind} = 'amount' and ${t.discountValue} > 0)`,
    ),
    check('coupons_caps_positive', sql`(${t.maxUses} is null or ${t.maxUses} > 0) and ${t.maxUsesPerBuyer} > 0`),
    check('coupons_dates_ordered', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The courses a coupon covers when it does not cover all of its owner's. */
export const couponCourses = pgTable(
  'coupon_courses',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.courseId] }), index('coupon_courses_course_idx').on(t.courseId)],
);

/** The code a buyer applied to their cart (typed in, or kept from a `?cupon=` link): checkout prices with it. */
export const cartCoupons = pgTable('cart_coupons', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  appliedAt: createdAt(),
});

/** Each teacher's referral code: `?ref=<code>` on any of their courses' addresses. */
export const referralCodes = pgTable('referral_codes', {
  teacherId: text('teacher_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/** Visits through a teacher's referral link, per course (counted once per visitor and window). */
export const referralVisits = pgTable(
  'referral_visits',
  {
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.courseId] })],
);

export const enrollments = pgTable(
  'enrollments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The paid order that granted it; null for a free course. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('enrollments_course_id_idx').on(t.courseId)],
);

/**
 * Where each learner is in each lesson: a video's last position and what the server has seen
 * of it, and when the lesson was done (a video seen played over 90 % of its stored length, a
 * text or file marked done by the learner). A video's `completed_at` is never cleared, so
 * seeking back does not undo it; a text or file is unmarked by its learner.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** A video's stored length (the lesson's, never the player's); 0 for other kinds. */
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /**
     * The stretches of a video the server has seen played, in whole seconds, flat and merged
     * (`[start₀, end₀, start₁, end₁, …]`, `features/learning/watch-coverage.ts`), and how many seconds they cover.
     */
    watchedRanges: integer('watched_ranges').array().notNull().default(sql`'{}'::integer[]`),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the server last heard of the lesson: for a video, the time its last reported position was heard. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_user_course_idx').on(t.userId, t.courseId),
    check('lesson_progress_seconds_range', sql`${t.positionSeconds} >= 0 and ${t.durationSeconds} >= 0 and ${t.positionSeconds} <= ${t.durationSeconds}`),
  ],
);

/**
 * A certificate of completion, issued once a learner has done every lesson of a course. What it
 * certifies is copied at issue (name, course, teacher), so later edits do not rewrite it;
 * `code` is its public, unguessable name (the verification page's address). A refund revokes
 * it (`revoked_at`); a learner holds at most one certificate in force per course.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    teacherName: text('teacher_name').notNull(),
    /**
     * What the server saw at issue: the lessons done and the seconds of video it saw played.
     * Null on certificates issued before it was recorded, which state neither.
     */
    lessonsCompleted: integer('lessons_completed'),
    videoSecondsWatched: integer('video_seconds_watched'),
    /**
     * The course's certificate rules as the learner met them at issue: each required quiz with
     * their best percent, each required assignment passed. Null on certificates issued before
     * rules existed, which state neither.
     */
    achievements: jsonb('achievements').$type<CertificateAchievements>(),
    /** The final score (`finalScoreOf`), when the rules required a quiz; null otherwise. */
    finalScore: integer('final_score'),
    /** The learner's language at issue: the PDF's. */
    language: text('language').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_in_force_unique')
      .on(t.userId, t.courseId)
      .where(sql`${t.revokedAt} is null`),
    index('certificates_course_idx').on(t.courseId),
  ],
);

/**
 * What a course's certificate requires beyond every lesson done, set by its owner: a quiz lesson
 * passed with at least `min_percent` (the best attempt's percent), or an assignment lesson with a
 * passed review. One row per required lesson; it goes with its lesson.
 */
export const certificateRequirements = pgTable(
  'certificate_requirements',
  {
    lessonId: integer('lesson_id')
      .primaryKey()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'quiz' | 'assignment'>().notNull(),
    minPercent: integer('min_percent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('certificate_requirements_course_idx').on(t.courseId),
    check('certificate_requirements_kind', sql`${t.kind} in ('quiz', 'assignment')`),
    check('certificate_requirements_min_percent', sql`(${t.kind} = 'quiz') = (${t.minPercent} is not null) and (${t.minPercent} is null or ${t.minPercent} between 0 and 100)`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_course_user_unique').on(t.courseId, t.userId),
    index('reviews_course_created_idx').on(t.courseId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

// ---------------------------------------------------------------------------
// Payouts: teachers' connected accounts, the ledger, transfers to teachers
// ---------------------------------------------------------------------------

export const payoutAccountStates = ['pending', 'enabled', 'restricted'] as const;
export const payoutAccountState = pgEnum('payout_account_state', payoutAccountStates);

/**
 * A teacher's account at the payment provider (Stripe Connect, Express), one per teacher. Its
 * state follows the provider's `account.updated` events: `pending` until onboarding is done,
 * `enabled` when transfers may land, `restricted` when the provider needs more details.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  provider: text('provider').notNull(),
  providerAccountId: text('provider_account_id').notNull().unique(),
  state: payoutAccountState('state').notNull().default('pending'),
  /** What the provider still asks for (its `requirements.currently_due`), shown to the teacher. */
  requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
  /** When the provider reported the state held (its event's `created`): an older event delivered late changes nothing. */
  stateAsOf: timestamp('state_as_of', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payoutTransferStatuses = ['pending', 'sent', 'failed'] as const;
export const payoutTransferStatus = pgEnum('payout_transfer_status', payoutTransferStatuses);

/**
 * One transfer per teacher and paid order (Stripe: `transfer_group` the order, `source_transaction`
 * its charge), made once the hold has passed and the teacher's account is enabled. The row is
 * written `pending` before the provider is called, with the row's id as the idempotency key, so a
 * crash between the two is finished by the next run with the same key and never pays twice.
 */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: payoutTransferStatus('status').notNull().default('pending'),
    providerTransferId: text('provider_transfer_id').unique(),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_transfers_order_teacher_unique').on(t.orderId, t.teacherId),
    index('payout_transfers_teacher_idx').on(t.teacherId, t.createdAt),
    index('payout_transfers_open_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'sent'`),
    check('payout_transfers_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const ledgerEntryKinds = ['sale', 'fee', 'hold_released', 'transfer', 'refund', 'reversal', 'adjustment'] as const;
export const ledgerEntryKind = pgEnum('ledger_entry_kind', ledgerEntryKinds);

/**
 * Where money sits, per teacher. `buyer` is outside (money paid in, or given back out);
 * `platform` is the platform's fees; `pending` is a teacher's share still in its hold;
 * `available` is ready to transfer; `paid` has been transferred to the teacher's account;
 * `refunded` went back to the buyer.
 */
export const ledgerBuckets = ['buyer', 'platform', 'pending', 'available', 'paid', 'refunded'] as const;
export const ledgerBucket = pgEnum('ledger_bucket', ledgerBuckets);

/**
 * The append-only money ledger (a trigger refuses UPDATE and DELETE). Each entry is one event
 * moving `amount_cents` (always positive) from one bucket to another, for one teacher:
 * a sale moves the price from `buyer` to `pending`, its fee from `pending` to `platform`, the
 * hold's end from `pending` to `available`, a transfer from `available` to `paid`, a refund or a
 * reversal back to `refunded`. A bucket's balance is what came in minus what went out, computed
 * from the entries and never stored beside them, so the buckets always sum to zero.
 * `idempotency_key` names the event (`sale:<order>:<course>`…), so recording it twice is a no-op.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: ledgerEntryKind('kind').notNull(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    courseId: integer('course_id'),
    transferId: uuid('transfer_id').references(() => payoutTransfers.id, { onDelete: 'restrict' }),
    fromBucket: ledgerBucket('from_bucket').notNull(),
    toBucket: ledgerBucket('to_bucket').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Why, for adjustments and failures: shown to admins, never to buyers. */
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_teacher_idx').on(t.teacherId, t.createdAt),
    index('ledger_entries_order_idx').on(t.orderId),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_entries_moves', sql`${t.fromBucket} <> ${t.toBucket}`),
  ],
);

// ---------------------------------------------------------------------------
// Invoices and credit notes
// ---------------------------------------------------------------------------

/** The last number given in each year's series, so numbers are gap-free (taken under the row's lock, in the issuing transaction). */
export const invoiceSeries = pgTable('invoice_series', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export const invoiceKind = pgEnum('invoice_kind', invoiceKinds);

/**
 * An issued invoice (one per paid order) or credit note (one per refund, naming the invoice it
 * corrects). Everything printed is kept as it was at issue; a trigger refuses UPDATE and DELETE,
 * so an issued document never changes.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `2026-000042`: the year and its gap-free sequence (credit notes share the series). */
    number: text('number').notNull().unique(),
    kind: invoiceKind('kind').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** For a credit note, the invoice it corrects. */
    correctsInvoiceId: uuid('corrects_invoice_id'),
    /** What was refunded, for a credit note (`refund:<order>:<courses>`), so one refund issues one note. */
    refundKey: text('refund_key').unique(),
    language: text('language').notNull(),
    /** Seller, buyer, lines, totals, tax, payment method and date, as printed. */
    document: jsonb('document').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_one_per_order').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_total_non_negative', sql`${t.totalCents} >= 0`),
  ],
);

/**
 * What the built-in test payment provider would keep at its end: connected accounts, onboarding
 * links, transfers, reversals and refunds (`kind`), each as the provider's object (`data`). Kept in
 * the database so they outlive a restart, with the caller's idempotency key unique, as Stripe
 * keeps it, so a retried call finds the first one's result. Only the test provider reads it.
 */
export const testProviderRecords = pgTable(
  'test_provider_records',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_provider_records_kind_idx').on(t.kind, t.createdAt)],
);

/** Provider events already handled, so a replayed or duplicated delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------

/**
 * Every e-mail the product sends, written in the same transaction as the change it reports
 * (a paid order, a reset request), so a crash between the commit and the send loses nothing.
 * The sender claims due rows under a lease (`locked_until`), sends them and sets `sent_at`;
 * a failure sets `next_attempt_at` later. Without an SMTP server the rows are the mailbox the
 * development page shows. Rows go 30 days after they were written, sent or not.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is (`password-reset`, `receipt`, …), for logs and the development mailbox. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    /** What the message says (the reset token, the order's lines), rendered in `language` when sent, with the server's PUBLIC_URL. */
    data: jsonb('data').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then; past it another sender may take it (the first one died mid-send). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gives up (the server refused the message for good, or every retry failed). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_created_at_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Player: captions and each learner's settings
// ---------------------------------------------------------------------------

/**
 * A video's captions in one language, as normalised WebVTT (an SRT is stored converted), checked
 * cue by cue against the video's duration when attached. They go with their video.
 */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => courseVideos.id, { onDelete: 'cascade' }),
    language: text('language').$type<Language>().notNull(),
    /** The name of the file as uploaded, shown to the teacher. */
    fileName: text('file_name').notNull(),
    vtt: text('vtt').notNull(),
    cueCount: integer('cue_count').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] }), check('video_captions_language_known', sql`${t.language} in (${languageList()})`)],
);

/** What a learner chose in the player: the speed (in percent) and the captions (a language, `off`, or null while never chosen). */
export const playerSettings = pgTable(
  'player_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    playbackRatePercent: smallint('playback_rate_percent').notNull().default(100),
    captionLanguage: text('caption_language').$type<Language | 'off'>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('player_settings_rate_known', sql`${t.playbackRatePercent} in (${sql.raw(playbackRates.map((rate) => Math.round(rate * 100)).join(', '))})`),
    check('player_settings_caption_language_known', sql`${t.captionLanguage} in (${languageList('off')})`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Server-drawn public pages, compressed once and kept outside the server's memory so that a page is
 * drawn when what it shows changes, not on every visit (src/server/web/page-store.ts). Only pages
 * of things that exist (a course, a teacher, a fixed page) are kept: junk addresses stay out.
 */
export const renderedPages = pgTable(
  'rendered_pages',
  {
    language: text('language').$type<Language>().notNull(),
    /** The page's own address: its path (pages with parameters are not kept here). */
    address: text('address').notNull(),
    /** A digest of everything the page was drawn from (its data, its head, the build). */
    fingerprint: text('fingerprint').notNull(),
    /** The catalogue version at which the fingerprint was last found current. */
    checkedVersion: bigint('checked_version', { mode: 'bigint' }).notNull(),
    status: smallint('status').notNull(),
    brotli: bytea('brotli').notNull(),
    gzip: bytea('gzip').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.language, t.address] })],
);
