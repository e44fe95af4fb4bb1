import { z } from 'zod';
import { databaseId, errorResponse } from '../api-schemas';
import { curriculumOrderInput, editableCurriculum, lessonEditInput, newLessonInput, sectionInput } from '../schemas/curriculum-editing';
import { defineEndpoint } from './endpoint';

const courseParams = z.object({ id: databaseId });
const sectionParams = z.object({ id: databaseId, sectionId: databaseId });
const lessonParams = z.object({ id: databaseId, lessonId: databaseId });

/** Answers of the writes: each gives back the whole curriculum as it now is. */
const writeResponses = { 200: editableCurriculum, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse } as const;

/**
 * The curriculum editor (owner or admin): sections and lessons, added, renamed, removed and
 * reordered. Every write answers the whole curriculum, and keeps the course's length computed.
 */
export const curriculumEditingEndpoints = {
  getCurriculumForEdit: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/curriculum',
    access: 'course-manager',
    tags: ['teaching'],
    summary: "A course's sections and lessons in order, as its editor needs them (owner or admin)",
    params: courseParams,
    responses: { 200: editableCurriculum, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  addCurriculumSection: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/curriculum/sections',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Add a section at the end of the curriculum',
    description: 'At most CURRICULUM_MAX_SECTIONS sections a course (409 CURRICULUM_SECTION_LIMIT).',
    params: courseParams,
    body: sectionInput,
    responses: { ...writeResponses, 201: editableCurriculum },
  }),
  renameCurriculumSection: defineEndpoint({
    method: 'PATCH',
    path: '/api/courses/:id/curriculum/sections/:sectionId',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Rename a section',
    params: sectionParams,
    body: sectionInput,
    responses: writeResponses,
  }),
  deleteCurriculumSection: defineEndpoint({
    method: 'DELETE',
    path: '/api/courses/:id/curriculum/sections/:sectionId',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Remove a section with its lessons',
    description: "The section holding the course's intro or main video stays (409 COURSE_VIDEO_LESSON_REQUIRED). Removed video lessons' files go.",
    params: sectionParams,
    responses: writeResponses,
  }),
  addCurriculumLesson: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/curriculum/sections/:sectionId/lessons',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Add a video lesson (one of my uploaded videos no course has claimed) or a Markdown text lesson at the end of a section',
    description:
      'A video is claimed as course creation claims one and queued for its HLS transcode; its length is the probed one. A text lesson lasts its reading time. At most CURRICULUM_MAX_LESSONS lessons a course (409 CURRICULUM_LESSON_LIMIT).',
    params: sectionParams,
    body: newLessonInput,
    responses: { ...writeResponses, 201: editableCurriculum, 429: errorResponse },
  }),
  updateCurriculumLesson: defineEndpoint({
    method: 'PATCH',
    path: '/api/courses/:id/curriculum/lessons/:lessonId',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: "Edit a lesson's title, free preview, or (a text lesson's) Markdown",
    params: lessonParams,
    body: lessonEditInput,
    responses: writeResponses,
  }),
  deleteCurriculumLesson: defineEndpoint({
    method: 'DELETE',
    path: '/api/courses/:id/curriculum/lessons/:lessonId',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Remove a lesson',
    description: "The course's intro and main video stay (409 COURSE_VIDEO_LESSON_REQUIRED). A removed video lesson's video and files go.",
    params: lessonParams,
    responses: writeResponses,
  }),
  reorderCurriculum: defineEndpoint({
    method: 'PUT',
    path: '/api/courses/:id/curriculum/order',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Put the sections and lessons in this order (lessons may move between sections)',
    description: 'The order names every section and every lesson of the course exactly once, or it is refused (400 CURRICULUM_ORDER_MISMATCH).',
    params: courseParams,
    body: curriculumOrderInput,
    responses: writeResponses,
  }),
};
