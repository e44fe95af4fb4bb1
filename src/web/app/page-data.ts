import type { QueryClient } from '@tanstack/react-query';
import { serverRenderedPages, type PageName, type ServerRenderedPage } from '../../shared/pages';
import { getCertificateVerificationQueryOptions } from '../entities/certificates/get-certificate-verification';
import { getCatalogStatsQueryOptions } from '../entities/courses/get-catalog-stats';
import { getCategoriesQueryOptions } from '../entities/courses/get-categories';
import { getCourseQueryOptions } from '../entities/courses/get-course';
import { getCoursesQueryOptions } from '../entities/courses/get-courses';
import { getCourseReviewsQueryOptions } from '../entities/reviews/get-course-reviews';
import { readListingQuery, readPageNumber } from '../features/catalog';
import { getTeacherQueryOptions } from '../entities/courses/get-teacher';

/**
 * The queries each server-drawn page (`serverRendered` in src/shared/pages.ts) reads on its first
 * render; a page that reads none has no entry. The options are the pages' own (same keys, same calls), so the browser finds the data
 * the server fetched under the keys it asks for, and fetches nothing again.
 */
const pageQueries: Partial<Record<ServerRenderedPage, (params: Record<string, string>, url: URL) => { queryKey: readonly unknown[] }[]>> = {
  home: () => [
    getCatalogStatsQueryOptions(),
    getCategoriesQueryOptions(),
    getCoursesQueryOptions({ page: 1, sort: 'popular' }),
    getCoursesQueryOptions({ page: 1 }),
    getCoursesQueryOptions({ page: 1, sort: 'rating-desc' }),
  ],
  allCourses: (_params, url) => [getCoursesQueryOptions(readListingQuery(url.searchParams)), getCategoriesQueryOptions()],
  course: (params) => {
    const id = Number(params.id);
    return [getCourseQueryOptions(id), getCourseReviewsQueryOptions(id)];
  },
  teacher: (params, url) => [getTeacherQueryOptions(params.teacherId ?? '', readPageNumber(url.searchParams))],
  certificate: (params) => [getCertificateVerificationQueryOptions(params.code ?? '')],
  certificateEn: (params) => [getCertificateVerificationQueryOptions(params.code ?? '')],
};

export { serverRenderedPages };

/**
 * Runs the page's queries into `queryClient`. A failed one (an unknown course id) stays in the
 * cache as an error, which the page renders (its not-found view) and the state carries over.
 */
export async function prefetchPageData(queryClient: QueryClient, page: PageName, params: Record<string, string>, url: URL): Promise<void> {
  const queries = (serverRenderedPages.has(page) && pageQueries[page as ServerRenderedPage]?.(params, url)) || [];
  // No retries while a visitor waits for the first byte: the browser tries again itself.
  await Promise.all(queries.map((options) => queryClient.prefetchQuery({ ...(options as Parameters<QueryClient['prefetchQuery']>[0]), retry: false })));
}
