import type { CourseListQuery } from '../../../shared/schemas/catalog';

/**
 * Every query key of the catalogue's courses and categories, from one place. Features that
 * change what the catalogue shows (a review changes a course's rating) invalidate through
 * these keys, so they cannot drift from the keys the pages read with.
 */
export const courseKeys = {
  all: ['catalog'] as const,
  lists: () => [...courseKeys.all, 'courses'] as const,
  list: (query: CourseListQuery) => [...courseKeys.lists(), query] as const,
  /** Prefix of everything about one course: its detail and its reviews (`reviewKeys.ofCourse`). */
  course: (id: number) => [...courseKeys.all, 'course', id] as const,
  categories: () => [...courseKeys.all, 'categories'] as const,
  suggestions: (q: string) => [...courseKeys.all, 'suggestions', q] as const,
  stats: () => [...courseKeys.all, 'stats'] as const,
};
