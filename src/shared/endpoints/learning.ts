import { z } from 'zod';
import { databaseId, errorResponse, idParams, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import {
  certificateCodeSchema,
  certificateRulesInput,
  certificateRulesSchema,
  certificateSchema,
  certificateVerificationSchema,
  myCertificatesResponse,
} from '../schemas/certificates';
import { playerSettings } from '../schemas/player-settings';
import { courseProgressResponse, saveProgressBody, saveProgressResponse } from '../schemas/progress';
import { defineEndpoint } from './endpoint';

const codeParams = z.object({ code: certificateCodeSchema });

/** Certificates of completion: mine, issuing mine once a course is complete, its PDF, and the public check of any code. */
export const certificatesEndpoints = {
  getMyCertificates: defineEndpoint({
    method: 'GET',
    path: '/api/certificates',
    access: 'user',
    tags: ['certificates'],
    summary: 'My certificates of completion, the newest first, revoked ones included',
    responses: { 200: myCertificatesResponse, 401: errorResponse },
  }),
  issueMyCertificate: defineEndpoint({
    method: 'POST',
    path: '/api/certificates/courses/:courseId',
    access: 'user',
    effects: [],
    tags: ['certificates'],
    summary: 'Get my certificate of a course I completed (issued now, or the one I already have)',
    description:
      'Issued once every lesson of the course is done and its certificate rules are met (quizzes at their minimum, assignments passed), while I hold the course; asking again answers the same certificate. 409 COURSE_NOT_COMPLETE while a lesson is left, 409 CERTIFICATE_REQUIREMENTS_NOT_MET while a rule is not met, 403 NOT_ENROLLED for a course I do not hold, 404 for no such course.',
    params: z.object({ courseId: databaseId }),
    responses: { 200: certificateSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  getCertificatePdf: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:code/pdf',
    access: 'user',
    tags: ['certificates'],
    summary: 'My certificate as a PDF, in its language',
    description: "Only its holder (or an admin) gets it: 404 for anyone else, as for a code that does not exist.",
    params: codeParams,
    responses: {
      200: withAnswerHeaders(mediaAnswer(['application/pdf']), { 'content-disposition': 'attachment; filename="<certificado|certificate>-<course>.pdf"' }),
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
    },
  }),
  verifyCertificate: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:code/verification',
    access: 'public',
    tags: ['certificates'],
    summary: 'Whether a certificate is genuine: whom it was issued to, for which course, when, and whether it was revoked',
    params: codeParams,
    responses: { 200: certificateVerificationSchema, 400: errorResponse, 404: errorResponse },
  }),
};

/** What a course's certificate requires beyond every lesson done, set by its owner (or an admin). */
export const certificateRulesEndpoints = {
  getCertificateRules: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/certificate-rules',
    access: 'course-manager',
    tags: ['teaching'],
    summary: "A course's certificate rules, with every quiz and assignment lesson it could require (owner or admin)",
    params: idParams,
    responses: { 200: certificateRulesSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  setCertificateRules: defineEndpoint({
    method: 'PUT',
    path: '/api/courses/:id/certificate-rules',
    access: 'course-manager',
    effects: [],
    tags: ['teaching'],
    summary: "Set a course's certificate rules: the quizzes required with a minimum percent, and the assignments that must pass",
    description:
      "Replaces the rules. A quiz left without `minPercent` requires its own passing score. A lesson that is not a quiz (or an assignment) lesson of this course, or is named twice, is refused (400 CERTIFICATE_RULE_LESSON_INVALID) and nothing changes. Certificates already issued stay as they are.",
    params: idParams,
    body: certificateRulesInput,
    responses: { 200: certificateRulesSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};

/** Where I am in each lesson of the courses I may watch, saved by the player and read to resume. */
export const progressEndpoints = {
  saveProgress: defineEndpoint({
    method: 'PUT',
    path: '/api/progress',
    access: 'user',
    effects: [],
    tags: ['progress'],
    summary: 'Save my progress in the lessons I am taking (a batch, written with the saves that arrive alongside)',
    description:
      "A video entry is a playback report: its position is kept (where to resume), and the stretch since the previous report counts as seen only when real playback could have covered it (forward, at most the fastest playback speed, 2×, with 25 % slack, over the wall-clock time between the reports the server heard, and at most 150 s a report; a seek covers nothing). A video lesson is done once what the server saw covers 90 % of its stored length; the entry's `durationSeconds`, and `completed` on a video, are ignored. A text or file lesson is marked done (`completed: true`) or not done (`completed: false`) by the learner. A video stays done. Every lesson must exist (404 LESSON_NOT_FOUND) and be of a course I may watch (bought, mine, or any as an admin); otherwise nothing is saved (403 NOT_ENROLLED).",
    body: saveProgressBody,
    responses: { 200: saveProgressResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  getCourseProgress: defineEndpoint({
    method: 'GET',
    path: '/api/progress/:courseId',
    access: 'user',
    tags: ['progress'],
    summary: "A course's curriculum with my state in each lesson, where to resume, and how much is done",
    params: z.object({ courseId: databaseId }),
    responses: { 200: courseProgressResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};

/** The player's speed and captions, remembered per learner. */
export const playerSettingsEndpoints = {
  getPlayerSettings: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/player-settings',
    access: 'user',
    tags: ['users'],
    summary: 'My player settings: the speed and the captions language (1× and null until chosen)',
    responses: { 200: playerSettings, 401: errorResponse },
  }),
  updatePlayerSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/player-settings',
    access: 'user',
    effects: [],
    tags: ['users'],
    summary: 'Remember my player settings',
    body: playerSettings,
    responses: { 200: playerSettings, 400: errorResponse, 401: errorResponse },
  }),
};
