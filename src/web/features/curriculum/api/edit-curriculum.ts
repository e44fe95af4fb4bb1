import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { EndpointResponse } from '../../../../shared/endpoints/endpoint';
import type { CurriculumOrderInput, EditableCurriculum, LessonEditInput, NewLessonInput } from '../../../../shared/schemas/curriculum-editing';
import { apiRequest, call } from '../../../lib/api-client';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { arranged } from '../lib/curriculum-order';
import { curriculumForEditQueryKey } from './get-curriculum';
import { certificateRulesQueryKey, courseForEditQueryKey } from '../../teaching';
import { myUploadsQueryKey } from '../../media';

/** Every change of the curriculum, as one call each; each answers the whole curriculum as it now is. */
export type CurriculumChange =
  | { type: 'addSection'; title: string }
  | { type: 'renameSection'; sectionId: number; title: string }
  | { type: 'deleteSection'; sectionId: number }
  | { type: 'addLesson'; sectionId: number; lesson: NewLessonInput }
  | { type: 'updateLesson'; lessonId: number; changes: LessonEditInput }
  | { type: 'deleteLesson'; lessonId: number }
  | { type: 'reorder'; order: CurriculumOrderInput };

export function changeCurriculum(id: number, change: CurriculumChange): Promise<EditableCurriculum> {
  switch (change.type) {
    case 'addSection':
      return call(endpoints.addCurriculumSection, { params: { id }, body: { title: change.title } });
    case 'renameSection':
      return call(endpoints.renameCurriculumSection, { params: { id, sectionId: change.sectionId }, body: { title: change.title } });
    case 'deleteSection':
      return call(endpoints.deleteCurriculumSection, { params: { id, sectionId: change.sectionId } });
    case 'addLesson':
      return call(endpoints.addCurriculumLesson, { params: { id, sectionId: change.sectionId }, body: change.lesson });
    case 'updateLesson':
      return call(endpoints.updateCurriculumLesson, { params: { id, lessonId: change.lessonId }, body: change.changes });
    case 'deleteLesson':
      return call(endpoints.deleteCurriculumLesson, { params: { id, lessonId: change.lessonId } });
    case 'reorder':
      return call(endpoints.reorderCurriculum, { params: { id }, body: change.order });
  }
}

/**
 * Changes a course's curriculum. The answer replaces the editor's copy; the course's other
 * views (its page, its computed length in the edit form, the certificate's rules, my uploads once a video is claimed)
 * are read again.
 */
export function useChangeCurriculum(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CurriculumChange) => changeCurriculum(courseId, change),
    // A new order shows at once: dropping an item must not make it jump back until the answer.
    onMutate: async (change) => {
      if (change.type !== 'reorder') return;
      const key = curriculumForEditQueryKey(courseId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<EditableCurriculum>(key, (current) => (current ? { ...current, sections: arranged(current, change.order.sections) } : current));
    },
    onSuccess: (curriculum) => {
      queryClient.setQueryData(curriculumForEditQueryKey(courseId), curriculum);
      void queryClient.invalidateQueries({ queryKey: courseForEditQueryKey(courseId) });
      // A quiz or assignment lesson added, renamed or removed (with its rule) shows in the certificate's section.
      void queryClient.invalidateQueries({ queryKey: certificateRulesQueryKey(courseId) });
      void queryClient.invalidateQueries({ queryKey: myUploadsQueryKey });
    },
    // A refused change (another tab changed the curriculum) shows what is really there.
    onError: () => queryClient.invalidateQueries({ queryKey: curriculumForEditQueryKey(courseId) }),
  });
}

type UploadedResource = EndpointResponse<typeof endpoints.uploadLessonResource>;

/** Sends a PDF as the request's body (not JSON): the server checks it by its content. */
export const uploadLessonResource = ({ courseId, sectionId, title, file }: { courseId: number; sectionId: number; title: string; file: File }) =>
  apiRequest<UploadedResource>(pathFor(endpoints.uploadLessonResource, { id: courseId, sectionId }), {
    method: endpoints.uploadLessonResource.method,
    query: { title, fileName: file.name },
    body: file,
    headers: { 'Content-Type': 'application/pdf' },
  });

export function useUploadLessonResource(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sectionId: number; title: string; file: File }) => uploadLessonResource({ courseId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: curriculumForEditQueryKey(courseId) }),
  });
}

type UploadedLessonImage = EndpointResponse<typeof endpoints.uploadLessonImage>;

/** Sends an image as the request's body (not JSON): the server knows it by its content, whatever type the browser gives. */
export const uploadLessonImage = ({ courseId, file }: { courseId: number; file: File }) =>
  apiRequest<UploadedLessonImage>(pathFor(endpoints.uploadLessonImage, { id: courseId }), {
    method: endpoints.uploadLessonImage.method,
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });

export function useUploadLessonImage(courseId: number) {
  return useMutation({ mutationFn: (file: File) => uploadLessonImage({ courseId, file }) });
}
