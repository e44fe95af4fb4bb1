import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../test/helpers/database';
import type { Database } from './client';
import { demoCategories, demoCourses, demoPeople, demoVideos } from './demo-catalogue';
import { isEnrolled } from '../features/orders';
import { createCourse, createOrder, createReview, createUser } from './factories';
import { demoVideoSourceDir, installDemoVideos, seedDemoData } from './seed';
import { limits } from '../../shared/limits';

/** Argon2 is slow on purpose; the seed only needs something that maps a password to a string. */
const fakeHash = async (plain: string) => `hash:${plain}`;

const countedTables = ['users', 'accounts', 'categories', 'subcategories', 'courses', 'course_videos', 'reviews', 'orders', 'order_items', 'enrollments', 'favourites', 'cart_items', 'contact_messages', 'coupons'];

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of countedTables) {
    const [row] = await rows<{ total: number }>(db, sql.raw(`select count(*)::int as total from "${table}"`));
    counts[table] = row!.total;
  }
  return counts;
}

/** Both drivers answer raw SQL with `{ rows }`; the shared `Database` type cannot say so. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('seedDemoData', () => {
  let db: Database;
  let firstRun: Awaited<ReturnType<typeof seedDemoData>>;
  let countsAfterFirstRun: Record<string, number>;

  beforeAll(async () => {
    const handle = await testDatabase();
    await resetDatabase(handle);
    db = handle.db;
    firstRun = await seedDemoData(db, { hashPassword: fakeHash });
    countsAfterFirstRun = await rowCounts(db);
  });

  it('creates the data once and nothing on a second run', async () => {
    expect(firstRun.created).toBe(true);
    const secondRun = await seedDemoData(db, { hashPassword: fakeHash });
    expect(secondRun.created).toBe(false);
    expect(await rowCounts(db)).toEqual(countsAfterFirstRun);
  });

  it('has at least 6 categories with at least 3 subcategories each', async () => {
    const perCategory = await rows<{ name: string; subcategories: number }>(
      db,
      sql`select c.name, count(s.id)::int as subcategories from categories c left join subcategories s on s.category_id = c.id group by c.name`,
    );
    expect(perCategory.length).toBeGreaterThanOrEqual(6);
    for (const category of perCategory) expect(category.subcategories, category.name).toBeGreaterThanOrEqual(3);
  });

  it('has at least 40 valid courses in both languages, free and paid', async () => {
    const courses = await rows<{ title: string; description: string; language: string; price_cents: number; teacher_name: string; image_url: string | null }>(
      db,
      sql`select title, description, language, price_cents, teacher_name, image_url from courses`,
    );
    expect(courses.length).toBeGreaterThanOrEqual(40);
    expect(new Set(courses.map((course) => course.language))).toEqual(new Set(['spanish', 'english']));
    expect(courses.some((course) => course.price_cents === 0)).toBe(true);
    expect(courses.some((course) => course.price_cents > 0)).toBe(true);
    for (const course of courses) {
      expect(course.description.length, course.title).toBeGreaterThanOrEqual(limits.descriptionMin);
      expect(course.description.length, course.title).toBeLessThanOrEqual(limits.descriptionMax);
      expect(course.title.length).toBeGreaterThanOrEqual(limits.titleMin);
      expect(course.title.length).toBeLessThanOrEqual(limits.titleMax);
      expect(course.teacher_name.length).toBeGreaterThanOrEqual(limits.teacherNameMin);
      expect(course.price_cents).toBeGreaterThanOrEqual(0);
      expect(course.price_cents).toBeLessThanOrEqual(limits.priceMaxUsd * 100);
    }
  });

  it('points every cover at a file that ships in public/', async () => {
    const images = await rows<{ image_url: string }>(db, sql`select distinct image_url from courses where image_url is not null`);
    const publicDir = path.resolve(import.meta.dirname, '../../../public');
    for (const { image_url } of [...images, { image_url: '/covers/default.svg' }]) {
      await expect(stat(path.join(publicDir, image_url)), image_url).resolves.toBeTruthy();
    }
  });

  it('gives every course exactly two videos: an intro of at most a minute and a main video', async () => {
    const videos = await rows<{ course_id: number; positions: number[]; intro_seconds: number; owners_match: boolean }>(
      db,
      sql`select v.course_id, array_agg(v.position order by v.position)::int[] as positions,
                 max(v.duration_seconds) filter (where v.position = 1) as intro_seconds,
                 bool_and(v.owner_id = c.owner_id) as owners_match
          from course_videos v join courses c on c.id = v.course_id group by v.course_id`,
    );
    expect(videos).toHaveLength(countsAfterFirstRun.courses!);
    for (const video of videos) {
      expect(video.positions).toEqual([1, 2]);
      expect(video.intro_seconds).toBeLessThanOrEqual(limits.introMaxSeconds);
      expect(video.owners_match).toBe(true);
    }
  });

  it('creates each demo account with the right admin flag and a credential password', async () => {
    const accounts = await rows<{ email: string; is_admin: boolean; password: string | null }>(
      db,
      sql`select u.email, u.is_admin, a.password from users u
          left join accounts a on a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id`,
    );
    for (const expected of [
      { email: 'admin@demo.test', isAdmin: true },
      { email: 'teacher@demo.test', isAdmin: false },
      { email: 'buyer@demo.test', isAdmin: false },
    ]) {
      const account = accounts.find((candidate) => candidate.email === expected.email);
      expect(account, expected.email).toBeDefined();
      expect(account!.is_admin).toBe(expected.isAdmin);
      const demo = firstRun.accounts.find((candidate) => candidate.email === expected.email)!;
      expect(account!.password).toBe(await fakeHash(demo.password));
      // The product's password rule: 8 to 12 characters, an uppercase letter and a digit.
      expect(demo.password).toMatch(/^(?=.*[A-Z])(?=.*\d).{8,12}$/);
    }
    expect(accounts).toHaveLength(demoPeople.length);
  });

  it('lets the teacher own most courses', async () => {
    const [owned] = await rows<{ total: number }>(db, sql`select count(*)::int as total from courses c join users u on u.id = c.owner_id where u.email = 'teacher@demo.test'`);
    expect(owned!.total).toBeGreaterThan(countsAfterFirstRun.courses! / 2);
  });

  it("gives the teachers a bio and some courses what they teach and ask for, within the course form's limits", async () => {
    const teachers = await rows<{ email: string; bio: string | null }>(db, sql`select email, bio from users where email in ('teacher@demo.test', 'carlos@demo.test', 'emily@demo.test') order by email`);
    expect(teachers.every(({ bio }) => (bio ?? '').length > 0)).toBe(true);
    const [python] = await rows<{ learning_outcomes: string[]; requirements: string[] }>(db, sql`select learning_outcomes, requirements from courses where title = 'Programación en Python desde cero'`);
    expect(python!.learning_outcomes.length).toBeGreaterThan(0);
    expect(python!.requirements.length).toBeGreaterThan(0);
    for (const course of demoCourses) {
      for (const line of [...(course.learningOutcomes ?? []), ...(course.requirements ?? [])]) expect(line.length).toBeLessThanOrEqual(limits.courseListLineMax);
      expect((course.learningOutcomes ?? []).length).toBeLessThanOrEqual(limits.courseListLines);
      expect((course.requirements ?? []).length).toBeLessThanOrEqual(limits.courseListLines);
    }
  });

  it('gives the teacher a demo coupon over all of their courses', async () => {
    const coupons = await rows<{ code: string; discount_kind: string; discount_value: number; all_courses: boolean; max_uses: number; active: boolean }>(
      db,
      sql`select c.code, c.discount_kind, c.discount_value, c.all_courses, c.max_uses, c.disabled_at is null and c.starts_at <= now() as active
          from coupons c join users u on u.id = c.owner_id where u.email = 'teacher@demo.test'`,
    );
    expect(coupons).toEqual([{ code: 'BIENVENIDA', discount_kind: 'percent', discount_value: 20, all_courses: true, max_uses: 100, active: true }]);
  });

  it('keeps each course rating equal to the average and count of its reviews', async () => {
    const mismatches = await rows<{ title: string }>(
      db,
      sql`select c.title from courses c
          left join (select course_id, avg(rating)::float8 as average, count(*)::int as total from reviews group by course_id) r on r.course_id = c.id
          where c.rating_count <> coalesce(r.total, 0) or abs(c.rating_average - coalesce(r.average, 0)) > 1e-9`,
    );
    expect(mismatches).toEqual([]);
    const [reviewed] = await rows<{ total: number }>(db, sql`select count(*)::int as total from courses where rating_count > 0`);
    expect(reviewed!.total).toBeGreaterThan(countsAfterFirstRun.courses! / 2);
  });

  it('only has reviews from enrolled users, and paid enrolments only from paid orders', async () => {
    const [orphans] = await rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from reviews r left join enrollments e on e.user_id = r.user_id and e.course_id = r.course_id where e.user_id is null`,
    );
    expect(orphans!.total).toBe(0);
    const [unpaid] = await rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from enrollments e join courses c on c.id = e.course_id
          left join orders o on o.id = e.order_id
          where c.price_cents > 0 and (o.id is null or o.payment_status <> 'paid')`,
    );
    expect(unpaid!.total).toBe(0);
    const [wrongTotals] = await rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from orders o where o.amount_total <> (select coalesce(sum(price_cents), 0) from order_items i where i.order_id = o.id)`,
    );
    expect(wrongTotals!.total).toBe(0);
  });

  it("records every paid demo order's lines in the ledger: the price in, the fee to the platform, the share pending", async () => {
    const [ledger] = await rows<{ paid: number; sold: number; fees: number; split_fees: number; pending: number; shares: number }>(
      db,
      sql`select
            (select coalesce(sum(amount_total), 0)::int from orders where payment_status = 'paid') as paid,
            (select coalesce(sum(amount_cents), 0)::int from ledger_entries where kind = 'sale') as sold,
            (select coalesce(sum(amount_cents), 0)::int from ledger_entries where kind = 'fee') as fees,
            (select coalesce(sum(i.fee_cents), 0)::int from order_items i join orders o on o.id = i.order_id where o.payment_status = 'paid') as split_fees,
            (select coalesce(sum(case when to_bucket = 'pending' then amount_cents else -amount_cents end), 0)::int
               from ledger_entries where 'pending' in (to_bucket, from_bucket)) as pending,
            (select coalesce(sum(i.teacher_share_cents), 0)::int from order_items i join orders o on o.id = i.order_id where o.payment_status = 'paid') as shares`,
    );
    expect(ledger!.paid).toBeGreaterThan(0);
    expect(ledger).toEqual({ paid: ledger!.paid, sold: ledger!.paid, fees: ledger!.split_fees, split_fees: ledger!.split_fees, pending: ledger!.shares, shares: ledger!.shares });
    expect(ledger!.fees + ledger!.pending).toBe(ledger!.paid);
  });

  it('issues every paid demo order its invoice, numbered in the order the orders were paid', async () => {
    const invoiced = await rows<{ number: string; paid_at: string; total_cents: number; amount_total: number }>(
      db,
      sql`select i.number, o.paid_at::text, i.total_cents, o.amount_total from orders o left join invoices i on i.order_id = o.id and i.kind = 'invoice'
          where o.payment_status = 'paid' order by o.paid_at, i.number`,
    );
    expect(invoiced.length).toBeGreaterThan(0);
    expect(invoiced.filter((row) => row.number === null)).toEqual([]);
    expect(invoiced.filter((row) => row.total_cents !== row.amount_total)).toEqual([]);
    const numbers = invoiced.map((row) => row.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('gives the buyer a paid order with items, enrolments, favourites and a cart', async () => {
    const [buyer] = await rows<{ paid_orders: number; items: number; enrollments: number; favourites: number; cart: number }>(
      db,
      sql`select
            (select count(*)::int from orders o where o.user_id = u.id and o.payment_status = 'paid') as paid_orders,
            (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.user_id = u.id) as items,
            (select count(*)::int from enrollments e where e.user_id = u.id) as enrollments,
            (select count(*)::int from favourites f where f.user_id = u.id) as favourites,
            (select count(*)::int from cart_items c where c.user_id = u.id) as cart
          from users u where u.email = 'buyer@demo.test'`,
    );
    expect(buyer!.paid_orders).toBeGreaterThanOrEqual(1);
    expect(buyer!.items).toBeGreaterThanOrEqual(1);
    expect(buyer!.enrollments).toBeGreaterThan(buyer!.items - 1);
    expect(buyer!.favourites).toBeGreaterThan(0);
    expect(buyer!.cart).toBeGreaterThan(0);
  });

  it("gives the buyer progress in held courses (one finished, one under way) and the teacher paid sales", async () => {
    const [demo] = await rows<{ progress: number; watched: number; unheld: number; teacher_sales: number }>(
      db,
      sql`select
            (select count(*)::int from lesson_progress p where p.user_id = u.id) as progress,
            (select count(*)::int from lesson_progress p where p.user_id = u.id and p.completed_at is not null) as watched,
            (select count(*)::int from lesson_progress p where p.user_id = u.id
               and not exists (select 1 from enrollments e where e.user_id = p.user_id and e.course_id = p.course_id)) as unheld,
            (select count(*)::int from order_items i join orders o on o.id = i.order_id and o.payment_status = 'paid'
               join courses c on c.id = i.course_id join users t on t.id = c.owner_id where t.email = 'teacher@demo.test') as teacher_sales
          from users u where u.email = 'buyer@demo.test'`,
    );
    expect(demo).toEqual({ progress: 3, watched: 2, unheld: 0, teacher_sales: expect.any(Number) });
    expect(demo!.teacher_sales).toBeGreaterThan(0);
  });

  it('has titles with accents and the words the search tests rely on', () => {
    const titles = demoCourses.map((course) => course.title);
    expect(titles).toContain('Programación en Python desde cero');
    expect(titles).toContain('Python para ciencia de datos');
    expect(titles.some((title) => title.startsWith('JavaScript moderno'))).toBe(true);
    expect(titles.some((title) => title.includes('Diseño UX/UI'))).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
    expect(demoCategories.length).toBeGreaterThanOrEqual(6);
  });
});

describe('factories', () => {
  let db: Database;

  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('createCourse makes its owner, category and two videos when not given', async () => {
    const course = await createCourse(db);
    expect(course.videos.map((video) => video.position).sort()).toEqual([1, 2]);
    expect(course.videos.every((video) => video.ownerId === course.ownerId && video.courseId === course.id)).toBe(true);
    const other = await createCourse(db, { ownerId: course.ownerId, categoryId: course.categoryId });
    expect(other.title).not.toBe(course.title);
    expect(other.subcategoryId).not.toBe(course.subcategoryId);
  });

  it('createReview keeps the course rating in step', async () => {
    const course = await createCourse(db, {}, { videos: false });
    await createReview(db, { courseId: course.id, userId: (await createUser(db)).id, rating: 5 });
    await createReview(db, { courseId: course.id, userId: (await createUser(db)).id, rating: 2 });
    const [stored] = await rows<{ rating_average: number; rating_count: number }>(db, sql`select rating_average, rating_count from courses where id = ${course.id}`);
    expect(stored).toEqual({ rating_average: 3.5, rating_count: 2 });
  });

  it('createOrder totals the items and enrols the buyer only when paid', async () => {
    const buyer = await createUser(db, {}, { password: 'Secret123', hashPassword: fakeHash });
    const first = await createCourse(db, { priceCents: 1500 });
    const second = await createCourse(db, { priceCents: 2500 });
    const { order, items } = await createOrder(db, { userId: buyer.id, items: [first, second] });
    expect(order.amountTotal).toBe(4000);
    expect(items).toHaveLength(2);
    expect(await isEnrolled(db, buyer.id, first.id)).toBe(true);
    const third = await createCourse(db);
    await createOrder(db, { userId: buyer.id, items: [third], paymentStatus: 'expired' });
    expect(await isEnrolled(db, buyer.id, third.id)).toBe(false);
  });
});

describe('demo videos', () => {
  it('ship as small MP4 files whose sizes match the catalogue', async () => {
    const files = (await readdir(demoVideoSourceDir)).filter((name) => name.endsWith('.mp4'));
    expect(files.sort()).toEqual(Object.values(demoVideos).map((video) => video.fileName).sort());
    let totalBytes = 0;
    for (const video of Object.values(demoVideos)) {
      const file = path.join(demoVideoSourceDir, video.fileName);
      const { size } = await stat(file);
      expect(size, video.fileName).toBe(video.sizeBytes);
      totalBytes += size;
      // An MP4 starts with a box: 4 bytes of size, then the type `ftyp`.
      const handle = await open(file);
      const header = Buffer.alloc(8);
      await handle.read(header, 0, 8, 0);
      await handle.close();
      expect(header.subarray(4, 8).toString('latin1'), video.fileName).toBe('ftyp');
    }
    expect(totalBytes).toBeLessThan(5 * 1024 * 1024);
  });

  it('include a landscape and a portrait video, and intros of at most a minute', () => {
    const videos = Object.values(demoVideos);
    expect(videos.some((video) => video.width > video.height)).toBe(true);
    expect(videos.some((video) => video.height > video.width)).toBe(true);
    for (const video of videos.filter((candidate) => candidate.fileName.startsWith('intro'))) {
      expect(video.durationSeconds).toBeLessThanOrEqual(limits.introMaxSeconds);
    }
  });

  it('are installed into DATA_DIR/videos once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'demo-videos-'));
    try {
      const firstCopy = await installDemoVideos(dataDir);
      expect(firstCopy.sort()).toEqual(Object.values(demoVideos).map((video) => video.storageKey).sort());
      for (const video of Object.values(demoVideos)) {
        expect((await stat(path.join(dataDir, 'videos', video.storageKey))).size).toBe(video.sizeBytes);
      }
      expect(await installDemoVideos(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
