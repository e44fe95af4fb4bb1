import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

type QuizRef = { courseId: number; lessonId: number };

export const quizStatisticsKeys = {
  all: ['quizzes', 'statistics'] as const,
  detail: ({ courseId, lessonId }: QuizRef) => [...quizStatisticsKeys.all, courseId, lessonId] as const,
};

export const getQuizStatistics = ({ courseId, lessonId }: QuizRef, signal?: AbortSignal) => call(endpoints.getQuizStatistics, { params: { id: courseId, lessonId }, signal });

export const quizStatisticsQueryOptions = (ref: QuizRef) =>
  queryOptions({
    queryKey: quizStatisticsKeys.detail(ref),
    queryFn: ({ signal }) => getQuizStatistics(ref, signal),
    // Learners keep submitting: opening the tab again reads them anew, a minute at most behind.
    staleTime: 60_000,
  });

export const useQuizStatistics = (ref: QuizRef) => useQuery(quizStatisticsQueryOptions(ref));
