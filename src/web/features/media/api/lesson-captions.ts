import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { CaptionLanguage } from '../../../../shared/schemas/captions';
import { call } from '../../../lib/api-client';

type LessonRef = { courseId: number; lessonId: number };

export const getLessonCaptions = ({ courseId, lessonId }: LessonRef, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getLessonCaptions, { params: { id: courseId, lessonId }, signal });

export const lessonCaptionsQueryKey = ({ courseId, lessonId }: LessonRef) => ['teaching', 'captions', courseId, lessonId] as const;

export const getLessonCaptionsQueryOptions = (lesson: LessonRef) =>
  queryOptions({ queryKey: lessonCaptionsQueryKey(lesson), queryFn: ({ signal }) => getLessonCaptions(lesson, { signal }) });

export const useLessonCaptions = (lesson: LessonRef) => useQuery(getLessonCaptionsQueryOptions(lesson));

export const putLessonCaptions = ({ courseId, lessonId, language, fileName, text }: LessonRef & { language: CaptionLanguage; fileName: string; text: string }) =>
  call(endpoints.putLessonCaptions, { params: { id: courseId, lessonId, language }, body: { fileName, text } });

export const deleteLessonCaptions = ({ courseId, lessonId, language }: LessonRef & { language: CaptionLanguage }) =>
  call(endpoints.deleteLessonCaptions, { params: { id: courseId, lessonId, language } });

/** Attaches or removes a lesson's captions in a language; the list is shown from the answer on. */
export function useChangeLessonCaptions(lesson: LessonRef) {
  const queryClient = useQueryClient();
  const onSuccess = (list: Awaited<ReturnType<typeof putLessonCaptions>>) => queryClient.setQueryData(lessonCaptionsQueryKey(lesson), list);
  return {
    attach: useMutation({ mutationFn: (file: { language: CaptionLanguage; fileName: string; text: string }) => putLessonCaptions({ ...lesson, ...file }), onSuccess }),
    remove: useMutation({ mutationFn: (language: CaptionLanguage) => deleteLessonCaptions({ ...lesson, language }), onSuccess }),
  };
}
