/**
 * Benchmark data: many believable users, courses, orders and reviews, fast.
 *
 * Rows are generated in JS from a seeded random generator (so two runs with the same seed
 * build the same catalogue). On the PostgreSQL server each batch goes in with COPY (see
 * `copy-from.ts`), its ids reserved from the tables' sequences beforehand so that the rows
 * that refer to them go in the same way. On PGlite, and where rows may already exist (orders
 * for users of an earlier run, who may own the course already), a batch is one JSON parameter
 * expanded by `jsonb_to_recordset`: one statement per few thousand rows, the same SQL on both.
 * Every batch commits on its own, so a long run shows progress and can be interrupted.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import { payoutDefaults, type CourseLanguage, type CourseLevel } from '../../src/shared/limits';
import type { Database } from '../../src/server/db/client';
import { coverUrlFor, demoCategories, demoPeople, demoVideos, reviewComments } from '../../src/server/db/demo-catalogue';
import { seededRandom } from '../../src/server/db/seed';
import { copyRows, type CopyValue } from './copy-from';

/** Bulk orders are split at the default platform fee, rounded as `features/payouts/revenue-split.ts` rounds. */
const feeBasisPoints = payoutDefaults.platformFeePercent * 100;

export type BulkPhase = 'users' | 'courses' | 'orders' | 'ratings' | 'indexes' | 'titles';

export type BulkOptions = {
  courses: number;
  users: number;
  orders: number;
  /** Stored as every generated user's credential password, so load tests can sign in as any of them. */
  passwordHash: string;
  seed?: number;
  batchSize?: number;
  /**
   * Batches in flight at once. Inserts are bound by PostgreSQL's per-row work (constraint
   * and foreign-key checks) on one backend, so two connections use two cores. Keep 1 on
   * PGlite: it has a single connection, and a batch's transaction must not interleave.
   */
  concurrency?: number;
  /** The PostgreSQL server's pool: batches then go in with COPY. Absent on PGlite. */
  copyPool?: Pool;
  /**
   * With `copyPool`: drop the courses' search and listing indexes for the load and build them
   * again at its end (also when it fails or is stopped), which costs far less than updating
   * them row by row once the load is large next to what is there.
   */
  rebuildCourseIndexes?: boolean;
  /** Stops the load between batches (what is loaded stays; dropped indexes are built again). */
  signal?: AbortSignal;
  onProgress?: (phase: BulkPhase, done: number, total: number) => void;
};

export type BulkSummary = {
  users: number;
  courses: number;
  orders: number;
  orderItems: number;
  reviews: number;
  millisecondsByPhase: Partial<Record<BulkPhase, number>>;
  analyzeMilliseconds: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Generated courses and users were created during the last three years. */
const HISTORY_DAYS = 3 * 365;

type Random = () => number;

// ---------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------

type TitleTemplate = { pattern: string; level?: CourseLevel };

const titleTemplates: Record<CourseLanguage, TitleTemplate[]> = {
  spanish: [
    { pattern: 'Curso de {topic}' },
    { pattern: '{Topic} desde cero', level: 'easy' },
    { pattern: 'Introducción a {topic}', level: 'easy' },
    { pattern: '{Topic} para principiantes', level: 'easy' },
    { pattern: 'Domina {topic} en 30 días' },
    { pattern: '{Topic} avanzado', level: 'advanced' },
    { pattern: 'Aprende {topic} con proyectos reales' },
    { pattern: 'Guía práctica de {topic}' },
    { pattern: 'Máster en {topic}', level: 'advanced' },
    { pattern: '{Topic}: de cero a experto' },
    { pattern: 'Taller de {topic}', level: 'medium' },
    { pattern: 'Fundamentos de {topic}', level: 'easy' },
    { pattern: '{Topic} paso a paso' },
    { pattern: '{Topic} para profesionales', level: 'advanced' },
  ],
  english: [
    { pattern: '{Topic} from Scratch', level: 'easy' },
    { pattern: 'Introduction to {topic}', level: 'easy' },
    { pattern: '{Topic} for Beginners', level: 'easy' },
    { pattern: 'Master {topic} in 30 Days' },
    { pattern: 'Advanced {topic}', level: 'advanced' },
    { pattern: 'Learn {topic} by Building Projects' },
    { pattern: 'The Complete {topic} Course' },
    { pattern: '{Topic} Bootcamp', level: 'medium' },
    { pattern: 'Practical {topic}' },
    { pattern: '{Topic}: Zero to Hero' },
    { pattern: '{Topic} Essentials', level: 'easy' },
    { pattern: '{Topic} for Professionals', level: 'advanced' },
  ],
};

const titleEditions: Record<CourseLanguage, string[]> = {
  spanish: [' (edición 2025)', ' (edición 2026)', ' - actualizado', ' en español'],
  english: [' (2025 Edition)', ' (2026 Edition)', ' - Updated', ' with Exercises'],
};

const descriptionTemplates: Record<CourseLanguage, string[]> = {
  spanish: [
    'Aprende {topic} con ejercicios prácticos y ejemplos reales.',
    'Un curso de {hours} horas sobre {topic}, con proyectos para tu portafolio.',
    'Todo lo que necesitas saber de {topic}, explicado paso a paso.',
    'Mejora tus habilidades de {topic} con casos prácticos y retos semanales.',
    'Domina {topic} a tu ritmo, con vídeos breves y material descargable.',
  ],
  english: [
    'Learn {topic} with hands-on exercises and real-world examples.',
    'A {hours}-hour course on {topic}, with projects for your portfolio.',
    'Everything you need to know about {topic}, explained step by step.',
    'Sharpen your {topic} skills with case studies and weekly challenges.',
    'Master {topic} at your own pace with short videos and downloads.',
  ],
};

const firstNames = ['Ana', 'Carlos', 'Lucía', 'Mateo', 'Sofía', 'Javier', 'Valentina', 'Diego', 'Camila', 'Andrés', 'Elena', 'Pablo', 'Martina', 'Hugo', 'Isabel', 'James', 'Emma', 'Oliver', 'Olivia', 'Liam', 'Sophia', 'Noah', 'Mia', 'Lucas', 'Chloe', 'Daniel', 'Grace', 'Tomás', 'Irene', 'Raúl'];
const lastNames = ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Díaz', 'Torres', 'Ruiz', 'Romero', 'Navarro', 'Castro', 'Ortega', 'Núñez', 'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Clark', 'Walker', 'Young', 'Hall', 'Allen', 'Moreno', 'Vargas', 'Herrera', 'Medina', 'Rojas'];

const pricePoints = [999, 1299, 1499, 1999, 2499, 2999, 3499, 3999, 4999, 5999, 7999, 9999];

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

type GeneratedUser = { id: string; name: string; email: string; created_at: string };

type PoolCourse = { id: number; title: string; priceCents: number; language: CourseLanguage; createdAtMs: number; ownerId: string };

type SubcategoryRef = { id: number; categoryId: number; name: string; categoryName: string };

/**
 * Adds `courses` courses (each with its two demo videos), `users` users (a tenth of them
 * teachers who own the courses) and `orders` orders (mostly paid, with items, enrolments and
 * reviews), then brings the courses' ratings in step with the reviews. Expects the demo data
 * (categories, demo teacher) to be present already.
 */
export async function generateBulkData(db: Database, options: BulkOptions): Promise<BulkSummary> {
  const random = seededRandom(options.seed ?? 1);
  const batchSize = options.batchSize ?? 5000;
  const concurrency = options.concurrency ?? 1;
  const report = options.onProgress ?? (() => {});
  const copyPool = options.copyPool;
  const now = Date.now();
  // Per-run tag: the same seed run twice must not collide on e-mail addresses.
  const runTag = randomBytes(3).toString('hex');
  const summary: BulkSummary = { users: 0, courses: 0, orders: 0, orderItems: 0, reviews: 0, millisecondsByPhase: {}, analyzeMilliseconds: 0 };
  const timed = async (phase: BulkPhase, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    summary.millisecondsByPhase[phase] = Math.round(performance.now() - started);
  };

  const setAside = copyPool && options.rebuildCourseIndexes ? await dropCourseIndexes(copyPool) : [];
  try {
    // Users -------------------------------------------------------------------------
    const newUsers: GeneratedUser[] = [];
    await timed('users', async () => {
      for (let index = 0; index < options.users; index += 1) newUsers.push(generateUser(random, now, runTag, index));
      const tasks = mapIterable(batches(newUsers, batchSize), (batch) => async () => {
        await (copyPool ? copyUsers(copyPool, batch, options.passwordHash) : insertUsers(db, batch, options.passwordHash));
        summary.users += batch.length;
        report('users', summary.users, options.users);
      });
      await runWithConcurrency(concurrency, tasks, options.signal);
    });

    // Courses, each with its two videos ---------------------------------------------------
    const newCourses: PoolCourse[] = [];
    await timed('courses', async () => {
      if (options.courses <= 0) return;
      const subcategoryRefs = await loadSubcategories(db);
      if (subcategoryRefs.length === 0) throw new Error('No categories found: seed the demo data first.');
      // A tenth of the new users teach; without new users the demo teacher owns everything.
      const teachers = newUsers.slice(0, Math.ceil(newUsers.length / 10));
      const owners = teachers.length > 0 ? teachers : await loadDemoTeacher(db);
      // Rows are generated in order, before their batch is sent, so the content never depends on timing.
      const tasks = mapIterable(batchSizes(options.courses, batchSize), (size) => {
        const batch = Array.from({ length: size }, () => generateCourse(random, now, subcategoryRefs, owners));
        return async () => {
          newCourses.push(...(await (copyPool ? copyCourses(copyPool, batch) : insertCourses(db, batch))));
          summary.courses += size;
          report('courses', summary.courses, options.courses);
        };
      });
      await runWithConcurrency(concurrency, tasks, options.signal);
      // Batches finish in any order; the popularity skew of the orders follows ids instead.
      newCourses.sort((left, right) => left.id - right.id);
    });

    // Orders, with their items, enrolments and reviews ------------------------------------
    await timed('orders', async () => {
      if (options.orders <= 0) return;
      const buyers = newUsers.length > 0 ? newUsers.map(toBuyer) : await loadBuyers(db);
      const catalogue = (newCourses.length > 0 ? newCourses : await loadCourses(db)).filter((course) => course.priceCents > 0);
      if (buyers.length === 0 || catalogue.length === 0) throw new Error('Orders need users and paid courses to exist.');
      const owned = new Set<string>();
      // Buyers of an earlier run may own a course already: only this run's own buyers are known not to.
      const copyOrdersPool = newUsers.length > 0 ? copyPool : undefined;
      const tasks = mapIterable(batchSizes(options.orders, batchSize), (size) => {
        const batch = generateOrders(size, { random, now, buyers, catalogue, owned });
        return async () => {
          await (copyOrdersPool ? copyOrders(copyOrdersPool, batch) : insertOrders(db, batch));
          summary.orders += size;
          summary.orderItems += batch.items.length;
          summary.reviews += batch.reviews.length;
          report('orders', summary.orders, options.orders);
        };
      });
      await runWithConcurrency(concurrency, tasks, options.signal);
    });

    // Ratings and planner statistics ------------------------------------------------------
    await timed('ratings', async () => {
      report('ratings', 0, 1);
      if (summary.reviews > 0) {
        // Recompute from the reviews themselves (only rows whose numbers changed), so the
        // invariant "rating = average of reviews" holds whatever was there before. On the server,
        // with triggers off where allowed like the batches: the titles table's trigger would
        // otherwise hold every changed row twice (before and after) for a table rebuilt below anyway.
        const ratingsUpdate = `
          update courses set rating_average = stats.average, rating_count = stats.total
          from (select course_id, avg(rating)::double precision as average, count(*)::int as total from reviews group by course_id) as stats
          where courses.id = stats.course_id
            and (courses.rating_count <> stats.total or courses.rating_average <> stats.average)
        `;
        if (copyPool) {
          await inTransaction(copyPool, async (client) => {
            await client.query(ratingsUpdate);
          });
        } else await db.execute(sql.raw(ratingsUpdate));
      }
      report('ratings', 1, 1);
    });
  } finally {
    if (setAside.length > 0) await timed('indexes', () => buildIndexes(copyPool!, setAside, (done) => report('indexes', done, setAside.length)));
    // The distinct titles behind the suggestions (migration 0019_course_titles) are kept by
    // triggers on courses, which the batches may have run without: built again from the courses
    // in one statement, also after a failure or a stop, so suggestions match what was loaded.
    await timed('titles', async () => {
      report('titles', 0, 1);
      await db.execute(sql`select rebuild_course_titles()`);
      report('titles', 1, 1);
    });
  }
  // A statement trigger fires even when no row changes: one bump of the catalogue's version for
  // the whole load (its batches ran with triggers off), so running servers drop what they cached.
  if (copyPool) await copyPool.query('update courses set title = title where false');
  // Fresh statistics, so benchmarks measure the plans a settled database would use.
  const analyzeStarted = performance.now();
  await db.execute(sql`analyze`);
  summary.analyzeMilliseconds = Math.round(performance.now() - analyzeStarted);

  return summary;
}

function generateUser(random: Random, now: number, runTag: string, index: number): GeneratedUser {
  const first = pick(firstNames, random);
  const last = pick(lastNames, random);
  return {
    id: randomUUID(),
    name: `${first} ${last}`,
    email: `${asciiSlug(first)}.${asciiSlug(last)}.${runTag}${index}@bench.test`,
    created_at: new Date(now - random() * HISTORY_DAYS * DAY_MS).toISOString(),
  };
}

type GeneratedCourse = ReturnType<typeof generateCourse>;

function generateCourse(random: Random, now: number, subcategoryRefs: SubcategoryRef[], owners: { id: string; name: string }[]) {
  const subcategory = pick(subcategoryRefs, random);
  const language: CourseLanguage = random() < 0.6 ? 'spanish' : 'english';
  const topics = topicsFor(subcategory)[language];
  const topic = pick(topics, random);
  const template = pick(titleTemplates[language], random);
  let title = template.pattern.replace('{Topic}', capitalise(topic)).replace('{topic}', topic);
  if (random() < 0.25) title += pick(titleEditions[language], random);
  const durationHours = 1 + Math.floor(random() ** 2 * 40);
  const description = pick(descriptionTemplates[language], random).replace('{topic}', topic).replace('{hours}', String(durationHours));
  const owner = pick(owners, random);
  const createdAt = now - random() * HISTORY_DAYS * DAY_MS;
  return {
    title,
    description,
    image_url: random() < 0.95 ? coverUrlFor(subcategory.categoryName, subcategory.name) : null,
    category_id: subcategory.categoryId,
    subcategory_id: subcategory.id,
    duration_hours: durationHours,
    language,
    level: template.level ?? pick(['easy', 'easy', 'medium', 'medium', 'advanced'] as const, random),
    price_cents: random() < 0.15 ? 0 : pick(pricePoints, random),
    teacher_name: owner.name,
    owner_id: owner.id,
    disabled_at: random() < 0.01 ? new Date(now - random() * 30 * DAY_MS).toISOString() : null,
    created_at: new Date(createdAt).toISOString(),
  };
}

type Buyer = { id: string; createdAtMs: number };

const toBuyer = (user: GeneratedUser): Buyer => ({ id: user.id, createdAtMs: new Date(user.created_at).getTime() });

type GeneratedOrders = ReturnType<typeof generateOrders>;

type GeneratedOrder = {
  id: string;
  user_id: string;
  amount_total: number;
  payment_status: 'paid' | 'expired';
  provider_session_id: string;
  provider_payment_id: string | null;
  paid_at: string | null;
  created_at: string;
};

function generateOrders(
  count: number,
  { random, now, buyers, catalogue, owned }: { random: Random; now: number; buyers: Buyer[]; catalogue: PoolCourse[]; owned: Set<string> },
) {
  const orders: GeneratedOrder[] = [];
  const items: { order_id: string; course_id: number; price_cents: number; title: string; seller_id: string }[] = [];
  const enrollments: { user_id: string; course_id: number; order_id: string; created_at: string }[] = [];
  const reviews: { course_id: number; user_id: string; rating: number; comment: string; created_at: string }[] = [];

  for (let index = 0; index < count; index += 1) {
    const buyer = pick(buyers, random);
    const wanted = 1 + Math.floor(random() * 3);
    const chosen: PoolCourse[] = [];
    for (let attempt = 0; attempt < wanted * 4 && chosen.length < wanted; attempt += 1) {
      // random()^2 favours the start of the list, giving a few best sellers and a long
      // tail, as in real catalogues.
      const course = catalogue[Math.floor(random() ** 2 * catalogue.length)]!;
      if (owned.has(`${buyer.id}:${course.id}`) || chosen.includes(course)) continue;
      chosen.push(course);
    }
    if (chosen.length === 0) chosen.push(catalogue[Math.floor(random() * catalogue.length)]!);

    // An order cannot predate its buyer or any course in it.
    const earliest = Math.max(buyer.createdAtMs, ...chosen.map((course) => course.createdAtMs));
    const createdAt = earliest + random() * Math.max(0, now - earliest - 60_000);
    const paid = random() < 0.95;
    const orderId = randomUUID();
    const paidAt = paid ? new Date(createdAt + 30_000).toISOString() : null;
    orders.push({
      id: orderId,
      user_id: buyer.id,
      amount_total: chosen.reduce((total, course) => total + course.priceCents, 0),
      payment_status: paid ? 'paid' : 'expired',
      provider_session_id: `cs_bench_${orderId}`,
      provider_payment_id: paid ? `pi_bench_${orderId}` : null,
      paid_at: paidAt,
      created_at: new Date(createdAt).toISOString(),
    });
    for (const course of chosen) {
      items.push({ order_id: orderId, course_id: course.id, price_cents: course.priceCents, title: course.title, seller_id: course.ownerId });
      if (!paid || owned.has(`${buyer.id}:${course.id}`)) continue;
      owned.add(`${buyer.id}:${course.id}`);
      enrollments.push({ user_id: buyer.id, course_id: course.id, order_id: orderId, created_at: paidAt! });
      if (random() < 0.5) {
        const rating = skewedRating(random);
        const comments = reviewComments[course.language];
        const pool = rating >= 4 ? comments.positive : rating === 3 ? comments.neutral : comments.negative;
        const reviewedAt = Math.min(now, createdAt + random() * 30 * DAY_MS);
        reviews.push({ course_id: course.id, user_id: buyer.id, rating, comment: pick(pool, random), created_at: new Date(reviewedAt).toISOString() });
      }
    }
  }
  return { orders, items, enrollments, reviews };
}

// ---------------------------------------------------------------------------
// Batch inserts: one JSON parameter per table, expanded by jsonb_to_recordset
// ---------------------------------------------------------------------------

async function insertUsers(db: Database, batch: GeneratedUser[], passwordHash: string): Promise<void> {
  await db.execute(sql`
    with inserted as (
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select id, name, email, true, created_at, created_at
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(id text, name text, email text, created_at timestamptz)
      returning id, created_at
    )
    insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select gen_random_uuid()::text, id, 'credential', id, ${passwordHash}, created_at, created_at from inserted
  `);
}

/** Inserts the courses, their two videos and their starter curricula in one statement; returns the enabled ones, for orders. */
async function insertCourses(db: Database, batch: GeneratedCourse[]): Promise<PoolCourse[]> {
  const rows = await queryRows<CourseRow>(
    db,
    sql`
      with inserted as (
        insert into courses (title, description, image_url, category_id, subcategory_id, duration_hours, language, level,
                             price_cents, teacher_name, owner_id, disabled_at, created_at, updated_at)
        select title, description, image_url, category_id, subcategory_id, duration_hours, language, level,
               price_cents, teacher_name, owner_id, disabled_at, created_at, created_at
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(
          title text, description text, image_url text, category_id int, subcategory_id int, duration_hours int,
          language course_language, level course_level, price_cents int, teacher_name text, owner_id text,
          disabled_at timestamptz, created_at timestamptz)
        returning id, title, price_cents, language, owner_id, created_at, disabled_at
      ), videos as (
        insert into course_videos (owner_id, course_id, position, storage_key, content_type, size_bytes, width, height, duration_seconds, created_at)
        select inserted.owner_id, inserted.id, video.position, video.storage_key, 'video/mp4', video.size_bytes,
               video.width, video.height, video.duration_seconds, inserted.created_at
        from inserted cross join (values ${videoValues()}) as video(position, storage_key, size_bytes, width, height, duration_seconds)
        returning id, course_id, position, duration_seconds
      ), sections as (
        -- The starter curriculum, as createStarterCurriculum makes it: one section, in the course's language.
        insert into course_sections (course_id, title, position, created_at, updated_at)
        select id, case when language = 'english' then 'Course content' else 'Contenido del curso' end, 1, created_at, created_at
        from inserted
        returning id, course_id
      ), lessons as (
        -- The intro a free-preview lesson, the main video lesson 1, named after the course.
        insert into course_lessons (course_id, section_id, position, title, kind, is_preview, video_id, duration_seconds, created_at, updated_at)
        select inserted.id, sections.id, videos.position,
               case when videos.position = 2 then inserted.title when inserted.language = 'english' then 'Introduction' else 'Introducción' end,
               'video', videos.position = 1, videos.id, videos.duration_seconds, inserted.created_at, inserted.created_at
        from videos join sections on sections.course_id = videos.course_id join inserted on inserted.id = videos.course_id
      )
      select id, title, price_cents, language, owner_id, created_at from inserted where disabled_at is null
    `,
  );
  return rows.map(toPoolCourse);
}

/** One transaction per batch, so an order never exists without its items and enrolments. */
async function insertOrders(db: Database, batch: GeneratedOrders): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into orders (id, user_id, amount_total, currency, payment_status, provider, provider_session_id, provider_payment_id,
                          expires_at, paid_at, created_at, updated_at)
      select id, user_id, amount_total, 'usd', payment_status, 'test', provider_session_id, provider_payment_id,
             created_at + interval '1 day', paid_at, created_at, coalesce(paid_at, created_at)
      from jsonb_to_recordset(${JSON.stringify(batch.orders)}::jsonb) as r(
        id uuid, user_id text, amount_total int, payment_status payment_status, provider_session_id text,
        provider_payment_id text, paid_at timestamptz, created_at timestamptz)
    `);
    await tx.execute(sql`
      insert into order_items (order_id, course_id, price_cents, list_price_cents, title, seller_id, fee_basis_points, fee_cents, teacher_share_cents)
      select r.order_id, r.course_id, r.price_cents, r.price_cents, r.title, c.owner_id, ${feeBasisPoints}::int,
             (r.price_cents * ${feeBasisPoints}::int + 5000) / 10000, r.price_cents - (r.price_cents * ${feeBasisPoints}::int + 5000) / 10000
      from jsonb_to_recordset(${JSON.stringify(batch.items)}::jsonb) as r(order_id uuid, course_id int, price_cents int, title text)
      join courses c on c.id = r.course_id
    `);
    // "on conflict": buyers drawn from existing users may already own a course.
    if (batch.enrollments.length > 0) {
      await tx.execute(sql`
        insert into enrollments (user_id, course_id, order_id, created_at)
        select user_id, course_id, order_id, created_at
        from jsonb_to_recordset(${JSON.stringify(batch.enrollments)}::jsonb) as r(user_id text, course_id int, order_id uuid, created_at timestamptz)
        on conflict do nothing
      `);
    }
    if (batch.reviews.length > 0) {
      await tx.execute(sql`
        insert into reviews (course_id, user_id, rating, comment, created_at, updated_at)
        select course_id, user_id, rating, comment, created_at, created_at
        from jsonb_to_recordset(${JSON.stringify(batch.reviews)}::jsonb) as r(course_id int, user_id text, rating smallint, comment text, created_at timestamptz)
        on conflict do nothing
      `);
    }
  });
}

// ---------------------------------------------------------------------------
// COPY on the PostgreSQL server: the same rows as the inserts above, ids reserved first
// ---------------------------------------------------------------------------

/**
 * Whether this connection's role may turn triggers off for its own transactions (a superuser,
 * or one granted SET on session_replication_role).
 */
const triggersSkippable = new WeakMap<Pool, Promise<boolean>>();
function mayDisableTriggers(pool: Pool): Promise<boolean> {
  let answer = triggersSkippable.get(pool);
  if (!answer) {
    answer = pool.query(`set session_replication_role = replica; reset session_replication_role`).then(
      () => true,
      () => false,
    );
    triggersSkippable.set(pool, answer);
  }
  return answer;
}

/**
 * One connection and one transaction per batch, so a batch is stored whole or not at all.
 * Where allowed, the transaction runs with triggers off (SET LOCAL: they are back at its end):
 * - the foreign keys' checks, one query per row, prove nothing here: every reference is to a
 *   row read or written by this load before the batch (ids reserved from the sequences);
 * - the catalogue's version bump locks one row until the commit, which would make the two
 *   connections' course batches wait for each other; the load bumps it once at its end instead.
 */
async function inTransaction(pool: Pool, work: (client: PoolClient) => Promise<void>): Promise<void> {
  const skipTriggers = await mayDisableTriggers(pool);
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (skipTriggers) await client.query('set local session_replication_role = replica');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function copyUsers(pool: Pool, batch: GeneratedUser[], passwordHash: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    await copyRows(
      client,
      'users',
      ['id', 'name', 'email', 'email_verified', 'created_at', 'updated_at'],
      batch.map((user) => [user.id, user.name, user.email, true, user.created_at, user.created_at]),
    );
    await copyRows(
      client,
      'accounts',
      ['id', 'account_id', 'provider_id', 'user_id', 'password', 'created_at', 'updated_at'],
      batch.map((user) => [randomUUID(), user.id, 'credential', user.id, passwordHash, user.created_at, user.created_at]),
    );
  });
}

type IndexDefinition = { name: string; definition: string };

/**
 * Drops the courses' indexes that back no constraint (the search and listing indexes), and
 * answers their definitions as PostgreSQL prints them, to build them again unchanged.
 */
async function dropCourseIndexes(pool: Pool): Promise<IndexDefinition[]> {
  const { rows } = await pool.query<IndexDefinition>(`
    select index.relname as name, pg_get_indexdef(index.oid) as definition
    from pg_index entry join pg_class index on index.oid = entry.indexrelid
    where entry.indrelid = 'courses'::regclass and not entry.indisunique and not entry.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = entry.indexrelid)
    order by index.relname`);
  for (const index of rows) await pool.query(`drop index if exists ${quoteIdentifier(index.name)}`);
  return rows;
}

/** Builds the dropped indexes again, with room to sort in memory (the server's default is 64 MB). */
async function buildIndexes(pool: Pool, indexes: IndexDefinition[], onBuilt: (done: number) => void): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const [done, index] of indexes.entries()) {
      await client.query(index.definition);
      onBuilt(done + 1);
    }
  } finally {
    await client.query('reset maintenance_work_mem').catch(() => {});
    client.release();
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

const demoVideoRows = [
  { position: 1, video: demoVideos.introLandscape },
  { position: 2, video: demoVideos.mainLandscape },
];

/**
 * The courses, their two videos and their starter curricula (as `insertCourses` makes them),
 * with course and section ids taken from the tables' own sequences (COPY writes given values
 * into identity columns), so a later row through the application never collides with them.
 */
async function copyCourses(pool: Pool, batch: GeneratedCourse[]): Promise<PoolCourse[]> {
  const enabled: PoolCourse[] = [];
  await inTransaction(pool, async (client) => {
    const { rows: ids } = await client.query<{ course_id: number; section_id: number }>(
      `select nextval(pg_get_serial_sequence('courses', 'id'))::int as course_id,
              nextval(pg_get_serial_sequence('course_sections', 'id'))::int as section_id
       from generate_series(1, $1::int)`,
      [batch.length],
    );
    const courseRows: CopyValue[][] = [];
    const videoRows: CopyValue[][] = [];
    const sectionRows: CopyValue[][] = [];
    const lessonRows: CopyValue[][] = [];
    for (const [index, course] of batch.entries()) {
      const { course_id: courseId, section_id: sectionId } = ids[index]!;
      courseRows.push([
        courseId, course.title, course.description, course.image_url, course.category_id, course.subcategory_id, course.duration_hours,
        course.language, course.level, course.price_cents, course.teacher_name, course.owner_id, course.disabled_at, course.created_at, course.created_at,
      ]);
      const english = course.language === 'english';
      sectionRows.push([sectionId, courseId, english ? 'Course content' : 'Contenido del curso', 1, course.created_at, course.created_at]);
      for (const { position, video } of demoVideoRows) {
        const videoId = randomUUID();
        videoRows.push([videoId, course.owner_id, courseId, position, video.storageKey, 'video/mp4', video.sizeBytes, video.width, video.height, video.durationSeconds, course.created_at]);
        // The intro a free-preview lesson, the main video lesson 1, named after the course.
        const title = position === 2 ? course.title : english ? 'Introduction' : 'Introducción';
        lessonRows.push([courseId, sectionId, position, title, 'video', position === 1, videoId, video.durationSeconds, course.created_at, course.created_at]);
      }
      if (course.disabled_at === null) {
        enabled.push({ id: courseId, title: course.title, priceCents: course.price_cents, language: course.language, ownerId: course.owner_id, createdAtMs: new Date(course.created_at).getTime() });
      }
    }
    await copyRows(
      client,
      'courses',
      ['id', 'title', 'description', 'image_url', 'category_id', 'subcategory_id', 'duration_hours', 'language', 'level', 'price_cents', 'teacher_name', 'owner_id', 'disabled_at', 'created_at', 'updated_at'],
      courseRows,
    );
    await copyRows(
      client,
      'course_videos',
      ['id', 'owner_id', 'course_id', 'position', 'storage_key', 'content_type', 'size_bytes', 'width', 'height', 'duration_seconds', 'created_at'],
      videoRows,
    );
    await copyRows(client, 'course_sections', ['id', 'course_id', 'title', 'position', 'created_at', 'updated_at'], sectionRows);
    await copyRows(
      client,
      'course_lessons',
      ['course_id', 'section_id', 'position', 'title', 'kind', 'is_preview', 'video_id', 'duration_seconds', 'created_at', 'updated_at'],
      lessonRows,
    );
  });
  return enabled;
}

/** Orders with their items, enrolments and reviews, for buyers created in this run (none owns a course yet). */
async function copyOrders(pool: Pool, batch: GeneratedOrders): Promise<void> {
  await inTransaction(pool, async (client) => {
    await copyRows(
      client,
      'orders',
      ['id', 'user_id', 'amount_total', 'currency', 'payment_status', 'provider', 'provider_session_id', 'provider_payment_id', 'expires_at', 'paid_at', 'created_at', 'updated_at'],
      batch.orders.map((order) => [
        order.id, order.user_id, order.amount_total, 'usd', order.payment_status, 'test', order.provider_session_id, order.provider_payment_id,
        new Date(new Date(order.created_at).getTime() + DAY_MS).toISOString(), order.paid_at, order.created_at, order.paid_at ?? order.created_at,
      ]),
    );
    await copyRows(
      client,
      'order_items',
      ['order_id', 'course_id', 'price_cents', 'list_price_cents', 'title', 'seller_id', 'fee_basis_points', 'fee_cents', 'teacher_share_cents'],
      batch.items.map((item) => {
        const fee = feeCents(item.price_cents);
        return [item.order_id, item.course_id, item.price_cents, item.price_cents, item.title, item.seller_id, feeBasisPoints, fee, item.price_cents - fee];
      }),
    );
    await copyRows(
      client,
      'enrollments',
      ['user_id', 'course_id', 'order_id', 'created_at'],
      batch.enrollments.map((row) => [row.user_id, row.course_id, row.order_id, row.created_at]),
    );
    await copyRows(
      client,
      'reviews',
      ['course_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at'],
      batch.reviews.map((row) => [row.course_id, row.user_id, row.rating, row.comment, row.created_at, row.created_at]),
    );
  });
}

/** The platform's fee on a price, rounded half up as the insert's SQL (and `features/payouts/revenue-split.ts`) rounds. */
const feeCents = (priceCents: number) => Math.floor((priceCents * feeBasisPoints + 5000) / 10000);

function skewedRating(random: Random): number {
  const roll = random();
  if (roll < 0.4) return 5;
  if (roll < 0.75) return 4;
  if (roll < 0.9) return 3;
  if (roll < 0.96) return 2;
  return 1;
}

// ---------------------------------------------------------------------------
// Lookups of what is already in the database
// ---------------------------------------------------------------------------

async function loadSubcategories(db: Database): Promise<SubcategoryRef[]> {
  const rows = await queryRows<{ id: number; category_id: number; name: string; category_name: string }>(db, sql`
    select s.id, s.category_id, s.name, c.name as category_name
    from subcategories s join categories c on c.id = s.category_id
    where s.disabled_at is null and c.disabled_at is null order by s.id
  `);
  return rows.map((row) => ({ id: row.id, categoryId: row.category_id, name: row.name, categoryName: row.category_name }));
}

async function loadDemoTeacher(db: Database): Promise<{ id: string; name: string }[]> {
  const teacherEmail = demoPeople.find((person) => person.key === 'teacher')!.email;
  const rows = await queryRows<{ id: string; name: string }>(db, sql`select id, name from users where lower(email) = ${teacherEmail}`);
  if (rows.length === 0) throw new Error('The demo teacher is missing: seed the demo data first.');
  return rows;
}

async function loadBuyers(db: Database): Promise<Buyer[]> {
  const rows = await queryRows<{ id: string; created_at: string | Date }>(db, sql`select id, created_at from users where disabled_at is null and not is_admin`);
  return rows.map((row) => ({ id: row.id, createdAtMs: new Date(row.created_at).getTime() }));
}

async function loadCourses(db: Database): Promise<PoolCourse[]> {
  const rows = await queryRows<CourseRow>(db, sql`select id, title, price_cents, language, owner_id, created_at from courses where disabled_at is null order by id`);
  return rows.map(toPoolCourse);
}

type CourseRow = { id: number; title: string; price_cents: number; language: CourseLanguage; owner_id: string; created_at: string | Date };

const toPoolCourse = (row: CourseRow): PoolCourse => ({
  id: row.id,
  title: row.title,
  priceCents: row.price_cents,
  language: row.language,
  ownerId: row.owner_id,
  createdAtMs: new Date(row.created_at).getTime(),
});

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`; the shared `Database` type cannot say so. */
async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function topicsFor(subcategory: SubcategoryRef): Record<CourseLanguage, string[]> {
  const known = demoCategories
    .find((category) => category.name === subcategory.categoryName)
    ?.subcategories.find((candidate) => candidate.name === subcategory.name);
  // A category an admin added later has no word list: its own name is the topic.
  return known?.topics ?? { spanish: [subcategory.name], english: [subcategory.name] };
}

/** The two demo videos every generated course gets, as a SQL VALUES list. */
function videoValues() {
  const rows = [
    { position: 1, video: demoVideos.introLandscape },
    { position: 2, video: demoVideos.mainLandscape },
  ].map(({ position, video }) => sql`(${sql.raw(String(position))}::smallint, ${video.storageKey}, ${video.sizeBytes}::bigint, ${video.width}::int, ${video.height}::int, ${video.durationSeconds}::int)`);
  return sql.join(rows, sql`, `);
}

function* batches<T>(items: T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

function* batchSizes(total: number, size: number): Generator<number> {
  for (let start = 0; start < total; start += size) yield Math.min(size, total - start);
}

/** Lazy map, so each batch's rows are generated only when a slot frees up (bounded memory). */
function* mapIterable<T, U>(items: Iterable<T>, transform: (item: T) => U): Generator<U> {
  for (const item of items) yield transform(item);
}

/** Runs the tasks in order with at most `limit` in flight; the first failure wins, after the others settle. */
async function runWithConcurrency(limit: number, tasks: Iterable<() => Promise<void>>, signal?: AbortSignal): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for (const task of tasks) {
    if (signal?.aborted) {
      failure ??= { error: new Error('stopped') };
      break;
    }
    const promise: Promise<void> = task()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(promise));
    running.add(promise);
    if (running.size >= limit) await Promise.race(running);
    if (failure) break;
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Núñez" -> "nunez": e-mail local parts stay plain ASCII. */
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
