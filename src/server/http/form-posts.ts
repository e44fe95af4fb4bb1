import type { FastifyInstance, FastifyReply } from 'fastify';
import { formNoticeFrom, type FormNotice } from '../../shared/form-notices';

/** Where the plain HTML forms post (src/shared/endpoints/form-post.ts); the cross-site check refuses another site's posts here, session or not. */
export const FORM_ROUTE_PREFIX = '/api/forms/';

/** A form's fields are short: e-mail, password, name, a message of at most a few hundred characters. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Lets the routes of `scope` read a browser's form post (`application/x-www-form-urlencoded`) as
 * an object of strings; a field sent twice keeps its first value. Only the form routes' scope
 * takes this type: the JSON API still answers 415 to it.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields = new Map<string, string>();
    for (const [name, value] of new URLSearchParams(body as string)) if (!fields.has(name)) fields.set(name, value);
    done(null, Object.fromEntries(fields));
  });
}

/** The notice a failed call's error code comes back to the form with: its own when the pages know it, else the generic one. */
export const noticeForCode = (code: string): FormNotice => formNoticeFrom(code) ?? 'FAILED';

/**
 * Answers a form post with "see other": the browser then GETs `location`, so a reload or the back
 * button never posts the form again.
 */
export const redirectAfterPost = (reply: FastifyReply, location: string) => reply.header('cache-control', 'private, no-store').redirect(location, 303);
