import { z } from 'zod';
import { databaseId, errorResponse, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import { assignmentFileTypes, assignmentLimits } from '../limits';
import { adminPageQuery } from '../schemas/admin';
import {
  assignmentFile,
  assignmentLesson,
  assignmentSettingsInput,
  draftFile,
  editableAssignment,
  handInInput,
  myAssignments,
  reviewInput,
  reviewQueue,
  submissionForReview,
} from '../schemas/assignments';
import { defineEndpoint, optionalSession } from './endpoint';

const editParams = z.object({ id: databaseId, lessonId: databaseId });
const reviewParams = z.object({ id: databaseId, submissionId: z.uuid() });
const lessonParams = z.object({ lessonId: databaseId });
const submissionParams = z.object({ submissionId: z.uuid() });
const fileQuery = z.object({ fileName: z.string().min(1).max(assignmentLimits.fileNameMax) });
const download = withAnswerHeaders(mediaAnswer(assignmentFileTypes), { 'content-disposition': 'attachment; filename="<name>"' });
const fileRules =
  'The body is the file itself (any `Content-Type`), at most ASSIGNMENT_MAX_BYTES (413 ASSIGNMENT_FILE_TOO_LARGE), known by its content: a PDF, a JPEG, PNG, WebP or GIF image, or a ZIP (stored as is, never opened); anything else is 415 ASSIGNMENT_FILE_TYPE. The query gives the name it downloads under.';

/**
 * Assignments. The course's owner (or an admin) edits an assignment lesson's instructions and
 * grading and reviews hand-ins; a buyer of the course hands in text and/or a file and reads the
 * reviews. The files download through authorized streams: a hand-in's to its learner and the
 * course's managers, nobody else (404).
 */
export const assignmentEditingEndpoints = {
  getAssignmentForEdit: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/assignments/:lessonId',
    access: 'course-manager',
    tags: ['teaching'],
    summary: "An assignment lesson's instructions and grading, as its editor needs them (owner or admin)",
    params: editParams,
    responses: { 200: editableAssignment, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  saveAssignment: defineEndpoint({
    method: 'PUT',
    path: '/api/courses/:id/assignments/:lessonId',
    access: 'course-manager',
    effects: [],
    tags: ['teaching'],
    summary: "Save an assignment's instructions (Markdown) and grading",
    description: 'Reviews already given keep their grades.',
    params: editParams,
    body: assignmentSettingsInput,
    responses: { 200: editableAssignment, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  getAssignmentQueue: defineEndpoint({
    method: 'GET',
    path: '/api/teaching/assignment-queue',
    access: 'user',
    tags: ['teaching'],
    summary: "Hand-ins waiting for review across my courses (an admin's: every course's), oldest first",
    query: adminPageQuery,
    responses: { 200: reviewQueue, 400: errorResponse, 401: errorResponse, 403: errorResponse },
  }),
  getSubmissionForReview: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/assignment-submissions/:submissionId',
    access: 'course-manager',
    tags: ['teaching'],
    summary: 'A hand-in of my course with its assignment and the learner’s earlier hand-ins',
    params: reviewParams,
    responses: { 200: submissionForReview, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  uploadReturnedFile: defineEndpoint({
    method: 'PUT',
    path: '/api/courses/:id/assignment-submissions/:submissionId/returned-file',
    access: 'course-manager',
    effects: [],
    tags: ['teaching'],
    summary: 'Attach a file to the review of a waiting hand-in (replaces one attached before); the learner sees it once reviewed',
    description: `${fileRules} A hand-in already reviewed is 409 ASSIGNMENT_ALREADY_REVIEWED.`,
    params: reviewParams,
    query: fileQuery,
    responses: { 200: assignmentFile, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse },
  }),
  reviewSubmission: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/assignment-submissions/:submissionId/review',
    access: 'course-manager',
    effects: [],
    tags: ['teaching'],
    summary: 'Review a waiting hand-in: a grade (pass or fail, or points) or return it for another try, with feedback',
    description:
      'The learner is told by e-mail, in their language. Of two reviews at once one wins; the other, and any review of a hand-in already reviewed, is 409 ASSIGNMENT_ALREADY_REVIEWED. A passed assignment counts as a done lesson.',
    params: reviewParams,
    body: reviewInput,
    responses: { 200: submissionForReview, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
};

export const assignmentLearningEndpoints = {
  getAssignmentLesson: defineEndpoint({
    method: 'GET',
    path: '/api/lessons/:lessonId/assignment',
    access: 'public',
    security: optionalSession,
    tags: ['lessons'],
    summary: "An assignment lesson: its instructions, and the caller's hand-ins with their reviews",
    description:
      "A free-preview assignment's instructions are open to anyone; only the course's buyers hand in. Any other assignment is for the course's buyers, owner and admins: 401 UNAUTHENTICATED signed out, 403 NOT_ENROLLED otherwise.",
    params: lessonParams,
    responses: { 200: assignmentLesson, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  uploadAssignmentFile: defineEndpoint({
    method: 'PUT',
    path: '/api/lessons/:lessonId/assignment/file',
    access: 'user',
    effects: [],
    tags: ['lessons'],
    summary: 'Upload the file of my next hand-in (replaces the one uploaded before); it is handed in with the hand-in',
    description: `${fileRules} Only the course's buyers (403 NOT_ENROLLED). My stored assignment files may take ASSIGNMENT_MAX_BYTES_PER_LEARNER in all (409 ASSIGNMENT_STORAGE_FULL).`,
    params: lessonParams,
    query: fileQuery,
    responses: { 200: draftFile, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse },
  }),
  deleteAssignmentFile: defineEndpoint({
    method: 'DELETE',
    path: '/api/lessons/:lessonId/assignment/file',
    access: 'user',
    effects: [],
    tags: ['lessons'],
    summary: 'Remove the file uploaded for my next hand-in',
    params: lessonParams,
    responses: { 204: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  handInAssignment: defineEndpoint({
    method: 'POST',
    path: '/api/lessons/:lessonId/assignment/submissions',
    access: 'user',
    effects: [],
    tags: ['lessons'],
    summary: 'Hand in my work: text (Markdown) and/or the file uploaded for it',
    description:
      "Only the course's buyers (403 NOT_ENROLLED). One hand-in waits at a time and is not replaced (409 ASSIGNMENT_WAITING); after a pass or a fail nothing more is handed in (409 ASSIGNMENT_CLOSED); a hand-in returned for another try may be followed by a new one.",
    params: lessonParams,
    body: handInInput,
    responses: { 201: assignmentLesson, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  getMyAssignments: defineEndpoint({
    method: 'GET',
    path: '/api/assignments/mine',
    access: 'user',
    tags: ['lessons'],
    summary: 'My assignments across my courses: each one’s latest hand-in and its state, newest first',
    responses: { 200: myAssignments, 401: errorResponse },
  }),
  downloadSubmissionFile: defineEndpoint({
    method: 'GET',
    path: '/api/assignment-submissions/:submissionId/file',
    access: 'user',
    tags: ['lessons'],
    summary: "A hand-in's file, for its learner and the course's owner and admins; 404 for anyone else",
    params: submissionParams,
    responses: { 200: download, 302: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  downloadReturnedFile: defineEndpoint({
    method: 'GET',
    path: '/api/assignment-submissions/:submissionId/returned-file',
    access: 'user',
    tags: ['lessons'],
    summary: "The reviewer's file of a hand-in, for its learner once reviewed and the course's owner and admins; 404 for anyone else",
    params: submissionParams,
    responses: { 200: download, 302: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
