import { z } from 'zod';
import { databaseId, errorResponse, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import { certificateCodeSchema, certificateSchema, certificateVerificationSchema, myCertificatesResponse } from '../schemas/certificates';
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
      'Issued once every lesson of the course is done, while I hold the course; asking again answers the same certificate. 409 COURSE_NOT_COMPLETE while a lesson is left, 403 NOT_ENROLLED for a course I do not hold, 404 for no such course.',
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
