import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { AttemptAnswersInput } from '../../../../shared/schemas/quizzes';
import { call } from '../../../lib/api-client';

export const quizTakingKeys = {
  all: ['quizzes', 'take'] as const,
  overview: (lessonId: number) => [...quizTakingKeys.all, 'overview', lessonId] as const,
  result: (attemptId: string) => [...quizTakingKeys.all, 'result', attemptId] as const,
};

export const getQuizOverview = (lessonId: number, signal?: AbortSignal) => call(endpoints.getQuizOverview, { params: { lessonId }, signal });

export const quizOverviewQueryOptions = (lessonId: number) => queryOptions({ queryKey: quizTakingKeys.overview(lessonId), queryFn: ({ signal }) => getQuizOverview(lessonId, signal) });

export const useQuizOverview = (lessonId: number) => useQuery(quizOverviewQueryOptions(lessonId));

/** Starts an attempt, or resumes the one in progress (the server answers that one). */
export const startQuizAttempt = (lessonId: number) => call(endpoints.startQuizAttempt, { params: { lessonId } });

export const getQuizAttempt = (attemptId: string) => call(endpoints.getQuizAttempt, { params: { attemptId } });

/** Saves the answers so far; `keepalive` lets the last save outlive a closing tab. */
export const saveQuizAnswers = (attemptId: string, body: AttemptAnswersInput, { keepalive = false } = {}) =>
  call(endpoints.saveQuizAnswers, { params: { attemptId }, body, keepalive });

export const submitQuizAttempt = (attemptId: string, body: AttemptAnswersInput) => call(endpoints.submitQuizAttempt, { params: { attemptId }, body });

export const getQuizAttemptResult = (attemptId: string, signal?: AbortSignal) => call(endpoints.getQuizAttemptResult, { params: { attemptId }, signal });

export const useQuizAttemptResult = (attemptId: string | null) =>
  useQuery({ queryKey: quizTakingKeys.result(attemptId ?? ''), queryFn: ({ signal }) => getQuizAttemptResult(attemptId!, signal), enabled: attemptId !== null, staleTime: Infinity });
