import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { QuizDefinitionInput } from '../../../../shared/schemas/quizzes';
import { call } from '../../../lib/api-client';

type QuizRef = { courseId: number; lessonId: number };

export const quizEditingKeys = {
  all: ['quizzes', 'edit'] as const,
  detail: ({ courseId, lessonId }: QuizRef) => [...quizEditingKeys.all, courseId, lessonId] as const,
};

export const getQuizForEdit = ({ courseId, lessonId }: QuizRef, signal?: AbortSignal) => call(endpoints.getQuizForEdit, { params: { id: courseId, lessonId }, signal });

export const quizForEditQueryOptions = (ref: QuizRef) =>
  queryOptions({
    queryKey: quizEditingKeys.detail(ref),
    queryFn: ({ signal }) => getQuizForEdit(ref, signal),
    // The editor keeps its own draft: reading the quiz again behind it would change nothing it shows.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useQuizForEdit = (ref: QuizRef) => useQuery(quizForEditQueryOptions(ref));

/** Saves the whole quiz as its new version; the answer (the saved quiz) replaces the cached one. */
export function useSaveQuiz(ref: QuizRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quiz: QuizDefinitionInput) => call(endpoints.saveQuiz, { params: { id: ref.courseId, lessonId: ref.lessonId }, body: quiz }),
    onSuccess: (saved) => queryClient.setQueryData(quizEditingKeys.detail(ref), saved),
  });
}

/** Reads a GIFT text into questions; nothing is saved. */
export function useReadQuizGift(ref: QuizRef) {
  return useMutation({ mutationFn: (text: string) => call(endpoints.readQuizGift, { params: { id: ref.courseId, lessonId: ref.lessonId }, body: { text } }) });
}

/** The address of the quiz written out as a GIFT file (a download: the browser follows it, no fetch). */
export const quizGiftExportUrl = ({ courseId, lessonId }: QuizRef) => pathFor(endpoints.exportQuizGift, { id: courseId, lessonId });
