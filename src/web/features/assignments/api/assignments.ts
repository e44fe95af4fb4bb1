import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointResponse } from '../../../../shared/endpoints/endpoint';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { AssignmentSettingsInput, HandInInput, ReviewInput } from '../../../../shared/schemas/assignments';
import { apiRequest, call } from '../../../lib/api-client';

export type AssignmentLessonData = EndpointResponse<typeof endpoints.getAssignmentLesson>;
export type SubmissionForReviewData = EndpointResponse<typeof endpoints.getSubmissionForReview>;

export const assignmentKeys = {
  all: ['assignments'] as const,
  lesson: (lessonId: number) => ['assignments', 'lesson', lessonId] as const,
  mine: ['assignments', 'mine'] as const,
  edit: (courseId: number, lessonId: number) => ['assignments', 'edit', courseId, lessonId] as const,
  queue: (page: number) => ['assignments', 'queue', page] as const,
  submission: (courseId: number, submissionId: string) => ['assignments', 'submission', courseId, submissionId] as const,
};

// --- The learner ---------------------------------------------------------------

export const assignmentLessonQueryOptions = (lessonId: number) =>
  queryOptions({ queryKey: assignmentKeys.lesson(lessonId), queryFn: ({ signal }) => call(endpoints.getAssignmentLesson, { params: { lessonId }, signal }) });

export const useAssignmentLesson = (lessonId: number) => useQuery(assignmentLessonQueryOptions(lessonId));

/** Sends the file as the request's body (not JSON): the server knows it by its content, whatever type the browser gives. */
export const uploadAssignmentFile = (lessonId: number, file: File) =>
  apiRequest<EndpointResponse<typeof endpoints.uploadAssignmentFile>>(pathFor(endpoints.uploadAssignmentFile, { lessonId }), {
    method: endpoints.uploadAssignmentFile.method,
    query: { fileName: file.name },
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });

/** Uploads the file (when one is chosen), then hands in; the lesson is read again either way. */
export function useHandIn(lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ answerText, file }: { answerText: string; file: File | null }) => {
      if (file) await uploadAssignmentFile(lessonId, file);
      const body: HandInInput = { answerText: answerText.trim() || null, withFile: file !== null };
      return call(endpoints.handInAssignment, { params: { lessonId }, body });
    },
    onSuccess: (lesson) => queryClient.setQueryData(assignmentKeys.lesson(lessonId), lesson),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.lesson(lessonId) });
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.mine });
    },
  });
}

export const useMyAssignments = () => useQuery({ queryKey: assignmentKeys.mine, queryFn: ({ signal }) => call(endpoints.getMyAssignments, { signal }) });

// --- The teacher ---------------------------------------------------------------

export const useAssignmentForEdit = (courseId: number, lessonId: number) =>
  useQuery({ queryKey: assignmentKeys.edit(courseId, lessonId), queryFn: ({ signal }) => call(endpoints.getAssignmentForEdit, { params: { id: courseId, lessonId }, signal }) });

export function useSaveAssignment(courseId: number, lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignmentSettingsInput) => call(endpoints.saveAssignment, { params: { id: courseId, lessonId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(assignmentKeys.edit(courseId, lessonId), saved);
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.lesson(lessonId) });
    },
  });
}

export const useReviewQueue = (page: number) =>
  useQuery({ queryKey: assignmentKeys.queue(page), queryFn: ({ signal }) => call(endpoints.getAssignmentQueue, { query: { page }, signal }), placeholderData: keepPreviousData });

export const useSubmissionForReview = (courseId: number, submissionId: string) =>
  useQuery({ queryKey: assignmentKeys.submission(courseId, submissionId), queryFn: ({ signal }) => call(endpoints.getSubmissionForReview, { params: { id: courseId, submissionId }, signal }) });

export const uploadReturnedFile = (courseId: number, submissionId: string, file: File) =>
  apiRequest<EndpointResponse<typeof endpoints.uploadReturnedFile>>(pathFor(endpoints.uploadReturnedFile, { id: courseId, submissionId }), {
    method: endpoints.uploadReturnedFile.method,
    query: { fileName: file.name },
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });

/** Uploads the returned file (when one is chosen), then sends the review; the queue is read again. */
export function useReviewSubmission(courseId: number, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ review, file }: { review: ReviewInput; file: File | null }) => {
      if (file) await uploadReturnedFile(courseId, submissionId, file);
      return call(endpoints.reviewSubmission, { params: { id: courseId, submissionId }, body: review });
    },
    onSuccess: (reviewed) => queryClient.setQueryData(assignmentKeys.submission(courseId, submissionId), reviewed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['assignments', 'queue'] }),
  });
}
