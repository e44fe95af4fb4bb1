import type { Session } from '../session/get-session';
import type { CategoryListResponse, CourseDetail, CourseListResponse, CourseSummary } from '../../shared/schemas/catalog';
import type { Cart, CartItem } from '../../shared/schemas/cart';
import type { PlayerCourse } from '../../shared/schemas/orders';

/** API answers for the catalogue's web tests. */

export const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana Pérez', email: 'ana@example.com', image: null, isAdmin: false },
};

let nextId = 1;

export function makeCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Curso ${id}`,
    imageUrl: '/covers/programming.svg',
    teacherName: 'Ana Torres',
    priceCents: 1999,
    ratingAverage: 3.7,
    ratingCount: 4,
    categoryId: 1,
    subcategoryId: 11,
    language: 'spanish',
    level: 'easy',
    durationHours: 10,
    ...overrides,
  };
}

export function makeList(items: CourseSummary[], { total = items.length, page = 1 } = {}): CourseListResponse {
  return { items, total, page, pageSize: 9, pageCount: Math.ceil(total / 9) };
}

export function makeDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...makeCourse(overrides),
    description: 'Aprende Python desde cero con proyectos reales.',
    category: 'Programación',
    subcategory: 'Python',
    ownerId: 'teacher-1',
    disabledAt: null,
    introVideo: null,
    curriculum: {
      sections: [
        {
          id: 1,
          title: 'Contenido del curso',
          lessons: [
            { id: 1, title: 'Introducción', kind: 'video', isPreview: true, durationSeconds: 30 },
            { id: 2, title: 'Python desde cero', kind: 'video', isPreview: false, durationSeconds: 600 },
          ],
        },
      ],
      lessonCount: 2,
      totalSeconds: 630,
    },
    ...overrides,
  };
}

export const categories: CategoryListResponse = {
  items: [
    { id: 1, name: 'Programación', subcategories: [{ id: 11, name: 'Python' }, { id: 12, name: 'Web' }] },
    { id: 2, name: 'Diseño', subcategories: [{ id: 21, name: 'Gráfico' }] },
  ],
};

type CartItemAtListPrice = Omit<CartItem, 'listPriceCents' | 'discountCents'> & Partial<Pick<CartItem, 'listPriceCents' | 'discountCents'>>;

/** A cart as the server answers it: lines at their list price unless they say otherwise, totals summed. */
export function makeCart(items: CartItemAtListPrice[], coupon: Cart['coupon'] = null): Cart {
  const lines = items.map((item) => ({ ...item, listPriceCents: item.listPriceCents ?? item.priceCents + (item.discountCents ?? 0), discountCents: item.discountCents ?? 0 }));
  const sum = (pick: (line: CartItem) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return { items: lines, listTotalCents: sum((line) => line.listPriceCents), discountCents: sum((line) => line.discountCents), totalCents: sum((line) => line.priceCents), coupon };
}

/** A course as the course player reads it: one the learner holds. */
export const playerCourse: PlayerCourse = {
  id: 5,
  title: 'Python desde cero',
  imageUrl: null,
  teacherName: 'Laura Martínez',
  priceCents: 1999,
  ratingAverage: 4,
  ratingCount: 1,
  categoryId: 1,
  subcategoryId: 1,
  language: 'spanish',
  level: 'easy',
  durationHours: 12,
  disabled: false,
  enrolledAt: '2026-01-01T00:00:00.000Z',
  description: 'Aprende Python paso a paso.',
};
