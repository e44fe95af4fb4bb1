import { z } from 'zod';
import { databaseId, errorResponse, mediaAnswer } from '../api-schemas';
import { lessonImageTypes } from '../limits';
import { curriculumLesson, lessonContent } from '../schemas/curriculum';
import { uploadedLessonImage } from '../schemas/curriculum-editing';
import { defineEndpoint, optionalSession } from './endpoint';

const lessonParams = z.object({ lessonId: databaseId });
const sectionParams = z.object({ id: databaseId, sectionId: databaseId });

/** Lessons: one lesson's content for whoever may take it, and a resource lesson's file upload. */
export const lessonEndpoints = {
  getLessonContent: defineEndpoint({
    method: 'GET',
    path: '/api/lessons/:lessonId',
    access: 'public',
    security: optionalSession,
    tags: ['lessons'],
    summary: "A lesson's content: a video's signed links, a text's HTML, or a file's short-lived download link",
    description:
      'A free-preview lesson is open to anyone, signed in or not. Any other lesson is for the buyers of its course, its owner and admins: 401 UNAUTHENTICATED signed out, 403 NOT_ENROLLED otherwise. A lesson of a disabled course is 404 except to its buyers, its owner and admins (buyers keep what they paid for).',
    params: lessonParams,
    responses: { 200: lessonContent, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  uploadLessonResource: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/sections/:sectionId/resources',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['lessons'],
    summary: 'Add a downloadable PDF as the last lesson of a section of my course',
    description:
      'The body is the PDF itself (`Content-Type: application/pdf`), at most 20 MB, checked by its content; the query gives the lesson title and the file name. It counts in my upload allowance.',
    params: sectionParams,
    query: z.object({ title: z.string().min(1).max(120), fileName: z.string().min(1).max(200) }),
    responses: { 201: curriculumLesson, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse },
  }),
  uploadLessonImage: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/lesson-images',
    access: 'course-manager',
    // A new image changes no page until a lesson's text shows it, which is the curriculum's own write.
    effects: [],
    tags: ['lessons'],
    summary: "Upload an image for my course's text lessons; their Markdown shows it by the URL answered",
    description:
      'The body is the image itself (`Content-Type` image/jpeg, image/png, image/webp or image/gif), at most LESSON_IMAGE_MAX_BYTES, known by its content: anything else (SVG included) is 415 LESSON_IMAGE_NOT_IMAGE. A course owner keeps at most LESSON_IMAGES_MAX_PER_USER images (409 LESSON_IMAGE_LIMIT). A lesson shows no image from anywhere else.',
    params: z.object({ id: databaseId }),
    responses: { 201: uploadedLessonImage, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse },
  }),
  getLessonImage: defineEndpoint({
    method: 'GET',
    path: '/api/lesson-images/:imageId',
    access: 'public',
    security: optionalSession,
    tags: ['lessons'],
    summary: "A text lesson's image, for whoever may see a lesson that shows it",
    description:
      "The course's buyers, owner and admins see all its images; anyone else, signed in or not, those a free-preview text lesson of the active course shows. 404 otherwise. Served with its type, `nosniff` and a CSP that runs nothing; with object storage, a 302 to a presigned URL of the bucket.",
    params: z.object({ imageId: z.uuid() }),
    responses: { 200: mediaAnswer(lessonImageTypes), 302: z.null(), 400: errorResponse, 404: errorResponse },
  }),
  downloadLessonResource: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:token',
    access: 'public',
    tags: ['lessons'],
    summary: "Download a resource lesson's PDF through the short-lived link its lesson content gave; 403 once expired or altered",
    description:
      'The link is the permission, and each download checks again that its caller may still take the lesson. The file comes as an attachment (`Content-Disposition`), never to be shown in place; with object storage, a 302 to a presigned URL of the bucket that says the same.',
    params: z.object({ token: z.string().max(100) }),
    credentialParams: ['token'],
    responses: { 200: mediaAnswer(['application/pdf']), 302: z.null(), 403: errorResponse, 404: errorResponse },
  }),
};
