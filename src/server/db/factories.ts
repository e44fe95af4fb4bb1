/**
 * Row factories shared by the demo seed and the tests: the one module that inserts rows for them
 * (users, categories, courses, reviews, orders, priced orders with coupons, coupons, uploads).
 *
 * `make*` functions build insertable rows with unique values and touch nothing;
 * `create*` helpers insert them (creating whatever a row points at when the caller
 * does not say) and return what was stored. Tests should build the rows they need with
 * these rather than rely on the demo data, so that each test states its own world.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { refreshRating } from '../features/catalog';
import { splitLine } from '../features/payouts';
import { payoutDefaults, referralDefaults } from '../../shared/limits';
import { priceLines, referralFeeBasisPoints, type CouponTerms } from '../features/coupons';
import { createStarterCurriculum } from '../features/curriculum';
import type { Database } from './client';
import { demoVideos, type DemoVideo } from './demo-catalogue';
import {
  accounts,
  cartItems,
  categories,
  couponCourses,
  coupons,
  contactMessages,
  courseVideos,
  courses,
  enrollments,
  favourites,
  orderItems,
  orders,
  reviews,
  subcategories,
  users,
} from './schema';

export type NewUser = typeof users.$inferInsert;
export type NewAccount = typeof accounts.$inferInsert;
export type NewCategory = typeof categories.$inferInsert;
export type NewSubcategory = typeof subcategories.$inferInsert;
export type NewCourse = typeof courses.$inferInsert;
export type NewCourseVideo = typeof courseVideos.$inferInsert;
export type NewReview = typeof reviews.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type NewEnrollment = typeof enrollments.$inferInsert;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewCoupon = typeof coupons.$inferInsert;

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Subcategory = typeof subcategories.$inferSelect;
export type Course = typeof courses.$inferSelect;
export type CourseVideo = typeof courseVideos.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Enrollment = typeof enrollments.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

export type HashPassword = (plain: string) => Promise<string>;

// Unique per process *and* per run: test workers share one PostgreSQL database in CI,
// so a bare counter would collide between workers.
const runTag = randomBytes(3).toString('hex');
let sequence = 0;
export function uniqueSuffix(): string {
  sequence += 1;
  return `${runTag}${sequence.toString(36)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------
// Builders: plain rows, nothing inserted
// ---------------------------------------------------------------------------

export function makeUser(overrides: Partial<NewUser> = {}): NewUser & { id: string; email: string } {
  const suffix = uniqueSuffix();
  return {
    id: randomUUID(),
    name: `Test User ${suffix}`,
    email: `user-${suffix}@example.test`,
    // Seeded users never received a verification mail; treat them as verified so a
    // verification requirement cannot lock them out.
    emailVerified: true,
    ...overrides,
  };
}

/** The better-auth row that lets a user sign in with e-mail and password. */
export function makeCredentialAccount(userId: string, passwordHash: string): NewAccount {
  return { id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash };
}

export function makeCategory(overrides: Partial<NewCategory> = {}): NewCategory {
  return { name: `Categoría ${uniqueSuffix()}`, ...overrides };
}

export function makeSubcategory({ categoryId, ...overrides }: Partial<NewSubcategory> & { categoryId: number }): NewSubcategory {
  return { categoryId, name: `Subcategoría ${uniqueSuffix()}`, ...overrides };
}

type CourseRefs = { ownerId: string; categoryId: number; subcategoryId: number };

export function makeCourse({ ownerId, categoryId, subcategoryId, ...overrides }: CourseRefs & Partial<NewCourse>): NewCourse {
  const suffix = uniqueSuffix();
  return {
    title: `Curso de prueba ${suffix}`,
    description: `Un curso de prueba (${suffix}) creado por las factorías de datos.`,
    imageUrl: null,
    ownerId,
    categoryId,
    subcategoryId,
    durationHours: 10,
    language: 'spanish',
    level: 'easy',
    priceCents: 1999,
    teacherName: 'Profesora de Prueba',
    ...overrides,
  };
}

export type CourseVideoChoice = { intro?: DemoVideo; main?: DemoVideo };

/** The two videos every published course has: position 1 is the intro, 2 the main video. */
export function makeCourseVideos(
  course: { id: number; ownerId: string },
  { intro = demoVideos.introLandscape, main = demoVideos.mainLandscape }: CourseVideoChoice = {},
): [NewCourseVideo, NewCourseVideo] {
  const row = (video: DemoVideo, position: 1 | 2): NewCourseVideo => ({
    ownerId: course.ownerId,
    courseId: course.id,
    position,
    storageKey: video.storageKey,
    contentType: 'video/mp4',
    sizeBytes: video.sizeBytes,
    width: video.width,
    height: video.height,
    durationSeconds: video.durationSeconds,
  });
  return [row(intro, 1), row(main, 2)];
}

export function makeReview({ courseId, userId, ...overrides }: Partial<NewReview> & { courseId: number; userId: string }): NewReview {
  return { courseId, userId, rating: 5, comment: `Comentario de prueba ${uniqueSuffix()}`, ...overrides };
}

type PricedCourse = Pick<Course, 'id' | 'title' | 'priceCents' | 'ownerId'>;

/** An order with the id already chosen, so its items and enrolments can point at it before insert. */
export function makeOrder({
  userId,
  items,
  ...overrides
}: Partial<NewOrder> & { userId: string; items: readonly PricedCourse[] }): NewOrder & { id: string } {
  const createdAt = overrides.createdAt ?? new Date();
  const paymentStatus = overrides.paymentStatus ?? 'paid';
  return {
    id: randomUUID(),
    userId,
    amountTotal: items.reduce((total, course) => total + course.priceCents, 0),
    currency: 'usd',
    paymentStatus,
    provider: 'test',
    providerSessionId: `cs_test_${uniqueSuffix()}`,
    providerPaymentId: paymentStatus === 'paid' ? `pi_test_${uniqueSuffix()}` : null,
    expiresAt: new Date(createdAt.getTime() + DAY_MS),
    paidAt: paymentStatus === 'paid' ? new Date(createdAt.getTime() + 60_000) : null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** Order lines split at `feeBasisPoints` (the default platform fee unless given), as a checkout would record them. */
export function makeOrderItems(orderId: string, items: readonly PricedCourse[], feeBasisPoints: number = payoutDefaults.platformFeePercent * 100): NewOrderItem[] {
  return items.map((course) => ({
    orderId,
    courseId: course.id,
    priceCents: course.priceCents,
    listPriceCents: course.priceCents,
    title: course.title,
    sellerId: course.ownerId,
    feeBasisPoints,
    ...splitLine(course.priceCents, feeBasisPoints),
  }));
}

export function makeContactMessage(overrides: Partial<NewContactMessage> = {}): NewContactMessage {
  const suffix = uniqueSuffix();
  return {
    email: `contact-${suffix}@example.test`,
    name: `Contacto ${suffix}`,
    message: `Mensaje de prueba ${suffix} para el equipo.`,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------
// Creators: insert and return the stored rows
// ---------------------------------------------------------------------------

export type CreateUserOptions = {
  /** Gives the user a credential account, so they can sign in with this password. */
  password?: string;
  hashPassword?: HashPassword;
};

export async function createUser(db: Database, overrides: Partial<NewUser> = {}, options: CreateUserOptions = {}): Promise<User> {
  const [user] = await db.insert(users).values(makeUser(overrides)).returning();
  if (!user) throw new Error('createUser: insert returned no row');
  if (options.password !== undefined) {
    if (!options.hashPassword) throw new Error('createUser: a password needs hashPassword');
    await db.insert(accounts).values(makeCredentialAccount(user.id, await options.hashPassword(options.password)));
  }
  return user;
}

/** A user who owns courses: the one way tests and the seed make a teacher. Returns the id. */
export async function createTeacher(db: Database, overrides: Partial<NewUser> = {}): Promise<string> {
  return (await createUser(db, overrides)).id;
}

export async function createCategoryWithSubcategories(
  db: Database,
  { name, subcategoryNames }: { name?: string; subcategoryNames?: string[] } = {},
): Promise<{ category: Category; subcategories: Subcategory[] }> {
  const [category] = await db.insert(categories).values(makeCategory(name ? { name } : {})).returning();
  if (!category) throw new Error('createCategoryWithSubcategories: insert returned no row');
  const names = subcategoryNames ?? [undefined, undefined, undefined];
  const created = await db
    .insert(subcategories)
    .values(names.map((subcategoryName) => makeSubcategory({ categoryId: category.id, ...(subcategoryName ? { name: subcategoryName } : {}) })))
    .returning();
  return { category, subcategories: created };
}

export type CourseWithVideos = Course & { videos: CourseVideo[] };

/**
 * Inserts a course with its two demo videos. The owner, category and subcategory are
 * created when not given, so `createCourse(db)` alone is enough for a test.
 */
export async function createCourse(
  db: Database,
  overrides: Partial<NewCourse> = {},
  { videos = {} }: { videos?: CourseVideoChoice | false } = {},
): Promise<CourseWithVideos> {
  const ownerId = overrides.ownerId ?? (await createUser(db)).id;
  let { categoryId, subcategoryId } = overrides;
  if (categoryId === undefined || subcategoryId === undefined) {
    if (categoryId === undefined) {
      const created = await createCategoryWithSubcategories(db, { subcategoryNames: [`Subcategoría ${uniqueSuffix()}`] });
      categoryId = created.category.id;
      subcategoryId ??= created.subcategories[0]?.id;
    } else {
      const [subcategory] = await db.insert(subcategories).values(makeSubcategory({ categoryId })).returning();
      subcategoryId = subcategory?.id;
    }
  }
  if (subcategoryId === undefined) throw new Error('createCourse: could not create a subcategory');

  const [course] = await db
    .insert(courses)
    .values(makeCourse({ ...overrides, ownerId, categoryId, subcategoryId }))
    .returning();
  if (!course) throw new Error('createCourse: insert returned no row');
  const videoRows = videos === false ? [] : await db.insert(courseVideos).values(makeCourseVideos(course, videos)).returning();
  const [intro, main] = [1, 2].map((position) => videoRows.find((video) => video.position === position));
  if (intro && main) await createStarterCurriculum(db, course, { intro, main });
  return { ...course, videos: videoRows };
}

/** Inserts a review and keeps the course's rating average and count in step with it. */
export async function createReview(db: Database, fields: Partial<NewReview> & { courseId: number; userId: string }): Promise<Review> {
  const [review] = await db.insert(reviews).values(makeReview(fields)).returning();
  if (!review) throw new Error('createReview: insert returned no row');
  await refreshRating(db, fields.courseId);
  return review;
}

/**
 * Inserts an order with its items. A paid order also enrols the buyer in each course,
 * as the real fulfilment does.
 */
export async function createOrder(
  db: Database,
  fields: Partial<NewOrder> & { userId: string; items: readonly PricedCourse[] },
): Promise<{ order: Order; items: OrderItem[] }> {
  const [order] = await db.insert(orders).values(makeOrder(fields)).returning();
  if (!order) throw new Error('createOrder: insert returned no row');
  const items = fields.items.length > 0 ? await db.insert(orderItems).values(makeOrderItems(order.id, fields.items)).returning() : [];
  if (order.paymentStatus === 'paid' && items.length > 0) {
    await db
      .insert(enrollments)
      .values(items.map((item) => ({ userId: order.userId, courseId: item.courseId, orderId: order.id, createdAt: order.paidAt ?? order.createdAt })))
      .onConflictDoNothing();
  }
  return { order, items };
}

/** Enrols a user without an order, as happens for a free course. */
export async function createEnrollment(db: Database, fields: NewEnrollment): Promise<Enrollment> {
  const [enrollment] = await db.insert(enrollments).values(fields).returning();
  if (!enrollment) throw new Error('createEnrollment: insert returned no row');
  return enrollment;
}

export async function createFavourite(db: Database, { userId, courseId }: { userId: string; courseId: number }): Promise<void> {
  await db.insert(favourites).values({ userId, courseId });
}

export async function createCartItem(db: Database, { userId, courseId }: { userId: string; courseId: number }): Promise<void> {
  await db.insert(cartItems).values({ userId, courseId });
}

export async function createContactMessage(db: Database, overrides: Partial<NewContactMessage> = {}) {
  const [message] = await db.insert(contactMessages).values(makeContactMessage(overrides)).returning();
  if (!message) throw new Error('createContactMessage: insert returned no row');
  return message;
}

// ---------------------------------------------------------------------------
// Catalogue rows with the names a catalogue test reads back (its categories, its order)
// ---------------------------------------------------------------------------

type CategoryRows = Category & { subcategories: Subcategory[] };

/**
 * A category, with a name of its own unless given. Without subcategory names it gets one
 * subcategory (`Sub <name>`) and says where a course of it goes (`categoryId`, `subcategoryId`);
 * with names, exactly those (none for `[]`), disabled when `disabled`.
 */
export async function insertCategory(db: Database, name?: string): Promise<CategoryRows & { categoryId: number; subcategoryId: number }>;
export async function insertCategory(db: Database, name: string, subcategoryNames: readonly string[], disabled?: boolean): Promise<CategoryRows>;
export async function insertCategory(db: Database, name = `Categoría ${uniqueSuffix()}`, subcategoryNames?: readonly string[], disabled = false) {
  const [category] = await db
    .insert(categories)
    .values({ name, disabledAt: disabled ? new Date() : null })
    .returning();
  const subs: Subcategory[] = [];
  for (const subName of subcategoryNames ?? [`Sub ${name}`]) {
    const [sub] = await db.insert(subcategories).values({ categoryId: category!.id, name: subName }).returning();
    subs.push(sub!);
  }
  if (subcategoryNames) return { ...category!, subcategories: subs };
  return { ...category!, subcategories: subs, categoryId: category!.id, subcategoryId: subs[0]!.id };
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
  const ownerId = await createTeacher(db);
  const programming = await insertCategory(db, 'Programación', ['Python', 'Web']);
  const design = await insertCategory(db, 'Diseño', ['Gráfico']);
  const python = { ownerId, categoryId: programming.id, subcategoryId: programming.subcategories[0]!.id };
  const web = { ownerId, categoryId: programming.id, subcategoryId: programming.subcategories[1]!.id };
  const graphic = { ownerId, categoryId: design.id, subcategoryId: design.subcategories[0]!.id };
  return { ownerId, programming, design, python, web, graphic };
}

// ---------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------

/**
 * A coupon row as the management endpoints would store it: a teacher's (owner = creator) unless
 * `ownerId` is given (null: the site's), covering `courseIds` when given, otherwise all; a unique
 * code, 50 % off and started a minute ago unless given.
 */
export async function insertCoupon(
  db: Database,
  { createdBy, courseIds, ...values }: Partial<NewCoupon> & { createdBy: string; courseIds?: readonly number[] },
): Promise<Coupon> {
  const [coupon] = await db
    .insert(coupons)
    .values({
      code: `CODE_${uniqueSuffix()}`.slice(0, 32),
      ownerId: createdBy,
      discountKind: 'percent',
      discountValue: 50,
      allCourses: !courseIds,
      startsAt: new Date(Date.now() - 60_000),
      createdBy,
      ...values,
    })
    .returning();
  if (courseIds?.length) await db.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: coupon!.id, courseId })));
  return coupon!;
}

/** An order of `userId` that carries the coupon, in the given state (no lines: only its use counts). */
export async function orderWithCoupon(db: Database, coupon: Coupon, userId: string, fields: Partial<NewOrder> = {}) {
  const { order } = await createOrder(db, { userId, items: [], couponId: coupon.id, couponCode: coupon.code, ...fields });
  return order;
}

// ---------------------------------------------------------------------------
// Orders priced with a coupon and referrals
// ---------------------------------------------------------------------------

const platformFeeBasisPoints = payoutDefaults.platformFeePercent * 100;
export const referralFee = referralFeeBasisPoints(referralDefaults.teacherPercent);

/**
 * An order priced as a checkout with a coupon and referrals would record it, inserted directly:
 * the lines go through the one pricing rule (`features/coupons/coupon-pricing.ts`), so each carries its
 * list price, discount, price paid, referral mark, fee rate and split.
 */
export async function createPricedOrder(
  db: Database,
  {
    userId,
    courses,
    coupon,
    discounted = [],
    referred = [],
    paymentStatus = 'paid',
    taxCents = 0,
  }: {
    userId: string;
    courses: readonly PricedCourse[];
    /** The coupon the order was priced with and the courses it covered. */
    coupon?: { id: number; code: string; discountKind: CouponTerms['discountKind']; discountValue: number };
    discounted?: readonly PricedCourse[];
    referred?: readonly PricedCourse[];
    paymentStatus?: 'paid' | 'unpaid';
    taxCents?: number;
  },
) {
  const lines = priceLines(
    courses.map((course) => ({ courseId: course.id, listPriceCents: course.priceCents })),
    {
      coupon: coupon ? { terms: coupon, coveredCourseIds: new Set(discounted.map((course) => course.id)) } : null,
      referredCourseIds: new Set(referred.map((course) => course.id)),
      platformFeeBasisPoints,
      referralFeeBasisPoints: referralFee,
    },
  );
  const amountTotal = lines.reduce((total, line) => total + line.priceCents, 0);
  const [order] = await db
    .insert(orders)
    .values(makeOrder({ userId, items: courses, amountTotal, taxCents, paymentStatus, couponId: coupon?.id ?? null, couponCode: coupon?.code ?? null }))
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      makeOrderItems(order!.id, courses).map((item, index) => {
        const line = lines[index]!;
        return {
          ...item,
          listPriceCents: line.listPriceCents,
          discountCents: line.discountCents,
          priceCents: line.priceCents,
          referred: line.referred,
          feeBasisPoints: line.feeBasisPoints,
          feeCents: line.feeCents,
          teacherShareCents: line.teacherShareCents,
        };
      }),
    )
    .returning();
  if (paymentStatus === 'paid') {
    await db.insert(enrollments).values(items.map((item) => ({ userId, courseId: item.courseId, orderId: order!.id, createdAt: order!.paidAt ?? order!.createdAt })));
  }
  return { order: order!, items };
}

// ---------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------

/** An unclaimed upload row of a user (no file), as a finished tus upload leaves it. */
export async function insertUpload(db: Database, ownerId: string, values: Partial<NewCourseVideo> = {}) {
  const id = values.id ?? randomUUID();
  const [row] = await db
    .insert(courseVideos)
    .values({ id, ownerId, storageKey: `uploads/${id}.mp4`, sizeBytes: 1000, width: 640, height: 360, durationSeconds: 30, ...values })
    .returning();
  return row!;
}
