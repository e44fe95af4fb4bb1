/**
 * Demo data: a small, believable marketplace that a fresh install shows at once, and that
 * manual testing and the e2e suite can rely on (accounts in `demoPeople`).
 */
import { existsSync } from 'node:fs';
import { access, copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { createStarterCurriculum } from '../features/curriculum';
import { issueInvoice } from '../features/invoices';
import { recordOrderSale } from '../features/payouts';
import type { Database } from './client';
import {
  buyerActivity,
  coverUrlFor,
  demoCategories,
  demoContactMessages,
  demoCourses,
  demoPeople,
  demoReviewerKeys,
  demoVideos,
  reviewComments,
  type DemoCourse,
  type DemoPersonKey,
  type DemoRole,
} from './demo-catalogue';
import {
  makeContactMessage,
  makeCourse,
  makeCourseVideos,
  makeCredentialAccount,
  makeOrder,
  makeOrderItems,
  makeReview,
  makeUser,
  type Course,
  type HashPassword,
  type NewEnrollment,
  type NewOrder,
  type NewOrderItem,
} from './factories';
import {
  accounts,
  cartItems,
  categories,
  contactMessages,
  coupons,
  courseLessons,
  courseVideos,
  courses,
  enrollments,
  favourites,
  lessonProgress,
  orderItems,
  orders,
  reviews,
  subcategories,
  users,
} from './schema';

export type DemoAccount = { role: DemoRole; name: string; email: string; password: string };

export type SeedDemoDataOptions = {
  hashPassword: HashPassword;
  log?: (message: string) => void;
};

export type SeedDemoDataResult = { created: boolean; accounts: DemoAccount[] };

/** Serialises concurrent seeders (several server processes starting against one database). */
const SEED_LOCK_ID = 727_002;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Catalogue entry i was published this many days before the seed ran (newest first). */
const DAYS_BETWEEN_COURSES = 4;

const demoAdminEmail = demoPeople.find((person) => person.key === 'admin')!.email;

export const demoAccounts: DemoAccount[] = demoPeople.map(({ role, name, email, password }) => ({ role, name, email, password }));

/**
 * Inserts the demo catalogue, people, purchases and reviews, all in one transaction.
 * Does nothing when the demo admin already exists, so it is safe to call at every start-up.
 */
export async function seedDemoData(db: Database, { hashPassword, log = () => {} }: SeedDemoDataOptions): Promise<SeedDemoDataResult> {
  if (await demoDataPresent(db)) {
    log('Demo data already present; nothing to seed.');
    return { created: false, accounts: demoAccounts };
  }
  // Hash before opening the transaction: argon2 is slow on purpose and needs no lock.
  const passwordHashes = new Map<string, string>();
  for (const password of new Set(demoPeople.map((person) => person.password))) {
    passwordHashes.set(password, await hashPassword(password));
  }

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    // Another process may have seeded while we were hashing.
    if (await demoDataPresent(tx)) return false;
    await insertDemoData(tx, passwordHashes, new Date());
    return true;
  });

  log(created ? `Seeded demo data: ${demoCourses.length} courses, ${demoPeople.length} users.` : 'Demo data already present; nothing to seed.');
  return { created, accounts: demoAccounts };
}

async function demoDataPresent(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, demoAdminEmail.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

async function insertDemoData(db: Database, passwordHashes: Map<string, string>, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // Deterministic, so every fresh install shows the same ratings and the tests can reason about them.
  const random = seededRandom(20240601);

  // People ------------------------------------------------------------------
  const userRows = demoPeople.map((person) =>
    makeUser({
      name: person.name,
      email: person.email,
      isAdmin: 'isAdmin' in person ? person.isAdmin : false,
      disabledAt: 'disabled' in person && person.disabled ? daysAgo(3) : null,
      bio: 'bio' in person ? person.bio : null,
      createdAt: daysAgo(400),
      updatedAt: daysAgo(400),
    }),
  );
  await db.insert(users).values(userRows);
  await db.insert(accounts).values(demoPeople.map((person, index) => makeCredentialAccount(userRows[index]!.id, passwordHashes.get(person.password)!)));
  const userIdByKey = new Map<DemoPersonKey, string>(demoPeople.map((person, index) => [person.key, userRows[index]!.id]));
  const userId = (key: DemoPersonKey) => userIdByKey.get(key)!;

  // Categories: reuse any that an admin already created under the same name.
  await db
    .insert(categories)
    .values(demoCategories.map(({ name }) => ({ name })))
    .onConflictDoNothing();
  const categoryRows = await db
    .select()
    .from(categories)
    .where(inArray(categories.name, demoCategories.map(({ name }) => name)));
  const categoryIdByName = new Map(categoryRows.map((row) => [row.name, row.id]));
  await db
    .insert(subcategories)
    .values(demoCategories.flatMap((category) => category.subcategories.map(({ name }) => ({ categoryId: categoryIdByName.get(category.name)!, name }))))
    .onConflictDoNothing();
  const subcategoryRows = await db
    .select()
    .from(subcategories)
    .where(inArray(subcategories.categoryId, [...categoryIdByName.values()]));
  const subcategoryId = (categoryId: number, name: string) => {
    const row = subcategoryRows.find((candidate) => candidate.categoryId === categoryId && candidate.name === name);
    if (!row) throw new Error(`Demo catalogue names an unknown subcategory: ${name}`);
    return row.id;
  };

  // Courses and their videos ---------------------------------------------------
  const courseRows = demoCourses.map((course, index) => {
    const categoryId = categoryIdByName.get(course.category);
    if (categoryId === undefined) throw new Error(`Demo catalogue names an unknown category: ${course.category}`);
    const publishedAt = daysAgo(index * DAYS_BETWEEN_COURSES + 1);
    return makeCourse({
      ownerId: userId(course.owner),
      categoryId,
      subcategoryId: subcategoryId(categoryId, course.subcategory),
      title: course.title,
      description: course.description,
      imageUrl: course.imageUrl === undefined ? coverUrlFor(course.category, course.subcategory) : course.imageUrl,
      durationHours: course.durationHours,
      language: course.language,
      level: course.level,
      priceCents: course.priceCents,
      teacherName: course.teacherName,
      learningOutcomes: course.learningOutcomes ?? [],
      requirements: course.requirements ?? [],
      disabledAt: course.disabled ? daysAgo(2) : null,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
  });
  const insertedCourses = await db.insert(courses).values(courseRows).returning();
  // RETURNING order is not promised by SQL; match on the (unique within the catalogue) title.
  const courseByKey = new Map<string, Course>(
    demoCourses.map((course) => [course.key, insertedCourses.find((row) => row.title === course.title)!]),
  );
  const course = (key: string) => {
    const row = courseByKey.get(key);
    if (!row) throw new Error(`Demo data names an unknown course: ${key}`);
    return row;
  };
  const videoRows = await db.insert(courseVideos).values(
    demoCourses.flatMap((entry) => {
      const row = course(entry.key);
      return makeCourseVideos(row, { intro: entry.portraitIntro ? demoVideos.introPortrait : demoVideos.introLandscape, main: demoVideos.mainLandscape });
    }),
  ).returning();
  for (const row of insertedCourses) {
    const videoAt = (position: number) => videoRows.find((video) => video.courseId === row.id && video.position === position)!;
    await createStarterCurriculum(db, row, { intro: videoAt(1), main: videoAt(2) });
  }

  // Purchases and reviews -------------------------------------------------------
  const purchases = new PurchaseBook();
  const ageInDays = (entry: DemoCourse) => demoCourses.indexOf(entry) * DAYS_BETWEEN_COURSES + 1;
  const plannedReviews: { courseId: number; userId: string; rating: number; comment: string }[] = [];

  const buyer = userId('buyer');
  purchases.addOrder(buyer, buyerActivity.paidCourseKeys.map(course), daysAgo(1));
  for (const key of buyerActivity.freeCourseKeys) purchases.addFreeEnrollment(buyer, course(key), daysAgo(1));
  for (const review of buyerActivity.reviews) plannedReviews.push({ courseId: course(review.courseKey).id, userId: buyer, rating: review.rating, comment: review.comment });

  for (const entry of demoCourses) {
    if (entry.noReviews || entry.disabled) continue;
    const row = course(entry.key);
    const candidates = demoReviewerKeys.filter((key) => key !== entry.owner);
    const reviewerCount = 1 + Math.floor(random() * 5);
    for (const reviewerKey of shuffled(candidates, random).slice(0, reviewerCount)) {
      const reviewer = userId(reviewerKey);
      // Bought some time after the course was published, and at least a day ago.
      purchases.buy(reviewer, row, daysAgo(1 + Math.floor(random() * (ageInDays(entry) - 1))));
      const rating = skewedRating(random);
      const comments = reviewComments[entry.language];
      const pool = rating >= 4 ? comments.positive : rating === 3 ? comments.neutral : comments.negative;
      plannedReviews.push({ courseId: row.id, userId: reviewer, rating, comment: pool[Math.floor(random() * pool.length)]! });
    }
  }

  const { orderRows, itemRows, enrollmentRows } = purchases.rows();
  await db.insert(orders).values(orderRows);
  await db.insert(orderItems).values(itemRows);
  await db.insert(enrollments).values(enrollmentRows);
  // The demo's sales are in the ledger as a checkout's would record them, so teachers' earnings show them
  // (those paid more than PAYOUT_HOLD_DAYS ago become available at the transfer job's first run).
  // Their invoices too, as a payment issues them, so purchase histories have them to download.
  // In the order they were paid, so invoice numbers follow the dates.
  const paidOrders = orderRows.filter((order) => order.paymentStatus === 'paid').sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
  for (const order of paidOrders) {
    await recordOrderSale(db, order.id);
    await issueInvoice(db, order.id, { now: order.paidAt ?? undefined });
  }
  // A review comes a day after access was granted (but never in the future).
  const reviewRows = plannedReviews.map((review) => {
    const since = purchases.enrolledSince(review.userId, review.courseId);
    if (!since) throw new Error('Demo data: a review from a user who is not enrolled');
    const reviewedAt = new Date(Math.min(now.getTime(), since.getTime() + DAY_MS));
    return makeReview({ ...review, createdAt: reviewedAt, updatedAt: reviewedAt });
  });
  await db.insert(reviews).values(reviewRows);

  // Progress, so my courses shows a finished course, one under way and the rest not started.
  const [finishedKey, underWayKey] = buyerActivity.paidCourseKeys;
  const main = demoVideos.mainLandscape.durationSeconds;
  const lessonsOf = async (key: string) =>
    db
      .select({ id: courseLessons.id, courseId: courseLessons.courseId, kind: courseLessons.kind, durationSeconds: courseLessons.durationSeconds })
      .from(courseLessons)
      .where(eq(courseLessons.courseId, course(key).id))
      .orderBy(courseLessons.position);
  const progressRows: (typeof lessonProgress.$inferInsert)[] = [];
  if (finishedKey !== undefined) {
    for (const [index, lesson] of (await lessonsOf(finishedKey)).entries()) {
      const at = daysAgo(0.9 - index / 10);
      // As the server records them: a video seen played whole, a text or file marked done.
      const seconds = lesson.kind === 'video' ? lesson.durationSeconds : 0;
      progressRows.push({
        userId: buyer,
        lessonId: lesson.id,
        courseId: lesson.courseId,
        positionSeconds: seconds,
        durationSeconds: seconds,
        watchedRanges: seconds > 0 ? [0, seconds] : [],
        watchedSeconds: seconds,
        completedAt: at,
        updatedAt: at,
      });
    }
  }
  if (underWayKey !== undefined) {
    // The starter curriculum's second lesson is the main video: half of it watched.
    const mainLesson = (await lessonsOf(underWayKey))[1];
    const half = Math.floor(main / 2);
    if (mainLesson) {
      progressRows.push({ userId: buyer, lessonId: mainLesson.id, courseId: mainLesson.courseId, positionSeconds: half, durationSeconds: main, watchedRanges: [0, half], watchedSeconds: half, completedAt: null, updatedAt: daysAgo(0.5) });
    }
  }
  if (progressRows.length > 0) await db.insert(lessonProgress).values(progressRows);

  // An abandoned checkout, so the admin's orders screen shows more than one status.
  // The course has no reviews, hence no buyers, so the user cannot already own it.
  const abandonedItems = [course('ux-research')];
  const abandoned = makeOrder({ userId: userId('mateo'), items: abandonedItems, paymentStatus: 'expired', createdAt: daysAgo(6) });
  await db.insert(orders).values(abandoned);
  await db.insert(orderItems).values(makeOrderItems(abandoned.id, abandonedItems));

  // Ratings, computed from the very reviews just written.
  await db.execute(sql`
    update ${courses} set rating_average = stats.average, rating_count = stats.total
    from (select ${reviews.courseId} as course_id, avg(${reviews.rating})::double precision as average, count(*)::int as total
          from ${reviews} group by ${reviews.courseId}) as stats
    where ${courses.id} = stats.course_id and ${courses.id} in ${insertedCourses.map((row) => row.id)}
  `);

  await db.insert(favourites).values(buyerActivity.favouriteKeys.map((key) => ({ userId: buyer, courseId: course(key).id })));
  await db.insert(cartItems).values(buyerActivity.cartKeys.map((key) => ({ userId: buyer, courseId: course(key).id })));
  await db.insert(contactMessages).values(demoContactMessages.map((message, index) => makeContactMessage({ ...message, createdAt: daysAgo(index + 1) })));

  // A coupon of the demo teacher's, so the coupons screen and the cart's code field have one to show.
  const teacher = userId('teacher');
  await db
    .insert(coupons)
    .values({ code: 'BIENVENIDA', ownerId: teacher, createdBy: teacher, discountKind: 'percent', discountValue: 20, allCourses: true, maxUses: 100, startsAt: daysAgo(30), createdAt: daysAgo(30) })
    // Someone may have taken the code before the demo was seeded: theirs stays.
    .onConflictDoNothing();
}

/**
 * Collects who bought what, so that every review comes from an enrolled user and every
 * paid enrolment comes from a paid order (at most three courses per order, like real carts).
 */
class PurchaseBook {
  private readonly orderRows: (NewOrder & { id: string })[] = [];
  private readonly itemRows: NewOrderItem[] = [];
  private readonly enrollmentRows: NewEnrollment[] = [];
  private readonly enrolledAt = new Map<string, Date>();
  private readonly pendingPaid = new Map<string, { course: Course; at: Date }[]>();

  addFreeEnrollment(userId: string, course: Course, at: Date): void {
    if (this.enrolledAt.has(enrollmentKey(userId, course.id))) return;
    this.enrolledAt.set(enrollmentKey(userId, course.id), at);
    this.enrollmentRows.push({ userId, courseId: course.id, orderId: null, createdAt: at });
  }

  /** Free courses enrol at once; paid ones wait to be grouped into orders by `rows()`. */
  buy(userId: string, course: Course, at: Date): void {
    const pending = this.pendingPaid.get(userId) ?? [];
    if (this.enrolledAt.has(enrollmentKey(userId, course.id)) || pending.some((entry) => entry.course.id === course.id)) return;
    if (course.priceCents === 0) return this.addFreeEnrollment(userId, course, at);
    pending.push({ course, at });
    this.pendingPaid.set(userId, pending);
  }

  rows() {
    for (const [userId, pending] of this.pendingPaid) {
      for (let start = 0; start < pending.length; start += 3) {
        const chunk = pending.slice(start, start + 3);
        // One checkout for the chunk, dated at its latest purchase so it postdates every course in it.
        const at = new Date(Math.max(...chunk.map((entry) => entry.at.getTime())));
        this.addOrder(userId, chunk.map((entry) => entry.course), at);
      }
    }
    this.pendingPaid.clear();
    return { orderRows: this.orderRows, itemRows: this.itemRows, enrollmentRows: this.enrollmentRows };
  }

  /** When the user got access to the course; call after `rows()`. */
  enrolledSince(userId: string, courseId: number): Date | undefined {
    return this.enrolledAt.get(enrollmentKey(userId, courseId));
  }

  /** Buys these courses together in one paid order. */
  addOrder(userId: string, items: Course[], at: Date): void {
    const order = makeOrder({ userId, items, createdAt: at, updatedAt: at });
    const paidAt = order.paidAt ?? at;
    this.orderRows.push(order);
    this.itemRows.push(...makeOrderItems(order.id, items));
    for (const item of items) {
      this.enrolledAt.set(enrollmentKey(userId, item.id), paidAt);
      this.enrollmentRows.push({ userId, courseId: item.id, orderId: order.id, createdAt: paidAt });
    }
  }
}

const enrollmentKey = (userId: string, courseId: number) => `${userId}:${courseId}`;

/** Mostly happy reviewers, as on real marketplaces: 5 and 4 dominate, 1 and 2 are rare. */
function skewedRating(random: () => number): number {
  const roll = random();
  if (roll < 0.45) return 5;
  if (roll < 0.8) return 4;
  if (roll < 0.92) return 3;
  if (roll < 0.97) return 2;
  return 1;
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** mulberry32: a tiny seeded generator, good enough for demo data and reproducible everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------
// Demo video files
// ---------------------------------------------------------------------------

/**
 * The project's folder: the nearest one above this module with a package.json. This module runs
 * from src/server/db/ in development and bundled into dist/server/ in production.
 */
function projectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('seed: no package.json above the server code');
    folder = parent;
  }
  return folder;
}

export const demoVideoSourceDir = path.join(projectRoot(), 'assets/demo-videos');

/** The part of the videos' storage the demo videos need (the media feature's VideoStorage fits it). */
export type DemoVideoTarget = {
  stat(key: string): Promise<unknown>;
  putFile(localPath: string, key: string, options?: { contentType?: string }): Promise<void>;
};

/**
 * Copies the demo videos to the videos' storage, where the storage keys of the demo courses
 * point: `<dataDir>/videos/demo/` on the local disk (given the data folder), or the bucket.
 * Videos already there are left alone. Returns the storage keys copied.
 */
export async function installDemoVideos(target: string | DemoVideoTarget): Promise<string[]> {
  if (typeof target !== 'string') {
    const copied: string[] = [];
    for (const video of Object.values(demoVideos)) {
      // The storage writes whole objects only: a crash never leaves a truncated video that this check would keep.
      if (await target.stat(video.storageKey)) continue;
      await target.putFile(path.join(demoVideoSourceDir, video.fileName), video.storageKey, { contentType: 'video/mp4' });
      copied.push(video.storageKey);
    }
    return copied;
  }
  const dataDir = target;
  const videosDir = path.join(dataDir, 'videos');
  const copied: string[] = [];
  for (const video of Object.values(demoVideos)) {
    const target = path.join(videosDir, video.storageKey);
    await mkdir(path.dirname(target), { recursive: true });
    // Copy under a temporary name, then rename: a crash never leaves a truncated video
    // under the real key, which the "already there" check would then keep forever.
    if (await exists(target)) continue;
    const partial = `${target}.${process.pid}.partial`;
    await copyFile(path.join(demoVideoSourceDir, video.fileName), partial);
    await rename(partial, target).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    copied.push(video.storageKey);
  }
  return copied;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
