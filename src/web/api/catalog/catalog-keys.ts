import type { CourseListQuery } from '../../../shared/schemas/catalog';

/**
 * Every query key of the catalogue, from one place. Features that change what the catalogue
 * shows (a review changes a course's rating and its review list) invalidate through these
 * keys, so they cannot drift from the keys the pages read with.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  lists: () => [...catalogKeys.all, 'courses'] as const,
  list: (query: CourseListQuery) => [...catalogKeys.lists(), query] as const,
  /** Prefix of everything about one course: its detail and its reviews. */
  course: (id: number) => [...catalogKeys.all, 'course', id] as const,
  reviews: (id: number) => [...catalogKeys.course(id), 'reviews'] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  suggestions: (q: string) => [...catalogKeys.all, 'suggestions', q] as const,
};
