import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The contract check: every answer a server test receives from an `/api/` route is checked
 * against the OpenAPI document the app publishes, for the operation the request reached: its
 * status must be declared; an empty answer must be one the status declares without a body (and
 * carry no content type), a body one it declares with one, of a content type it declares; and a
 * JSON body must match the declared schema (by a third-party validator, not by the zod schemas
 * that produced the document). So the document and the server cannot drift apart unnoticed.
 * It reads `inject`'s answers (test/helpers/app.ts) and answers received over real HTTP alike
 * (`answerOf`).
 *
 * Left out, each for its reason:
 * - `/api/auth/*`: the authentication library's own handler, whose answers are its own and
 *   which the document does not describe (the table's `auth-handler` entries only say what
 *   the web app reads from it);
 * - `/api/docs*`: the document and its viewer themselves;
 * - requests that reach no operation of the document (an unknown path or method answers the
 *   one 404 ROUTE_NOT_FOUND of the not-found handler, and Fastify's own HEAD twin of a GET
 *   answers the GET's headers without a body).
 */
/** What the check reads of an answer: `inject`'s, or one received over HTTP (`answerOf`). */
export type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'rawPayload'>;

/** An answer received over real HTTP (fetch), read whole, as the check reads it. */
export async function answerOf(response: Response): Promise<Answer> {
  const rawPayload = Buffer.from(await response.arrayBuffer());
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: rawPayload.toString('utf8'), rawPayload };
}

export type ContractCheck = {
  check(request: InjectOptions | string, response: Answer): void;
  /** The disagreements seen since the last call, emptied. */
  takeFailures(): string[];
};

type Document = OpenAPIV3.Document;
type Operation = OpenAPIV3.OperationObject;
type Validator = { validateResponse(status: string, body: unknown): { message: string; errors: unknown } | undefined };

/** Validators by operation, shared by every app of the worker (the documents differ by a few routes, not by schemas). */
const validatorsByOperation = new Map<string, Validator>();

/** How many answers the worker's checks looked at; written to CONTRACT_TALLY_FILE when set. */
export const contractTally = { checked: 0 };

const SKIPPED_PREFIXES = ['/api/docs'];

type PathMatcher = { template: string; pattern: RegExp; parameterCount: number };

function pathMatchers(document: Document): PathMatcher[] {
  return Object.keys(document.paths)
    .map((template) => {
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
      return { template, pattern: new RegExp(`^${source}$`), parameterCount: (template.match(/\{/g) ?? []).length };
    })
    .sort((a, b) => a.parameterCount - b.parameterCount);
}

const mediaTypeOf = (header: unknown) => (typeof header === 'string' ? header.split(';')[0]!.trim().toLowerCase() : undefined);

const acceptsMediaType = (declared: string, sent: string) =>
  declared === sent || (declared.endsWith('/*') && sent.startsWith(declared.slice(0, -1))) || declared === '*/*';

export function createContractCheck(document: Document): ContractCheck {
  const matchers = pathMatchers(document);
  const failures: string[] = [];

  const operationFor = (method: string, pathname: string): { template: string; operation: Operation } | undefined => {
    for (const matcher of matchers) {
      if (!matcher.pattern.test(pathname)) continue;
      const operation = document.paths[matcher.template]?.[method.toLowerCase() as OpenAPIV3.HttpMethods];
      if (operation) return { template: matcher.template, operation };
    }
    return undefined;
  };

  const validatorFor = (key: string, status: string, response: OpenAPIV3.ResponseObject, mediaType: string): Validator => {
    const schema = response.content?.[mediaType]?.schema ?? {};
    const cacheKey = `${key} ${status} ${JSON.stringify(schema)}`;
    let validator = validatorsByOperation.get(cacheKey);
    if (!validator) {
      validator = new OpenAPIResponseValidator({
        responses: { [status]: { schema } },
        components: document.components as never,
      }) as unknown as Validator;
      validatorsByOperation.set(cacheKey, validator);
    }
    return validator;
  };

  return {
    check(request, response) {
      const options = typeof request === 'string' ? { url: request, method: 'GET' } : request;
      const url = options.url ?? (typeof options.path === 'string' ? options.path : undefined);
      if (typeof url !== 'string') return;
      const pathname = new URL(url, 'http://localhost').pathname;
      if (!pathname.startsWith('/api/') || SKIPPED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
      const method = (options.method ?? 'GET').toUpperCase();
      const found = operationFor(method, pathname);
      if (!found) return;
      contractTally.checked += 1;
      const where = `${method} ${pathname} (${found.template}) answered ${response.statusCode}`;
      const status = String(response.statusCode);
      const declared = found.operation.responses[status] as OpenAPIV3.ResponseObject | undefined;
      if (!declared) {
        failures.push(`${where}, a status the document does not declare (it declares ${Object.keys(found.operation.responses).join(', ')}): ${response.body.slice(0, 200)}`);
        return;
      }
      // A HEAD answer carries the GET's headers without its body. An answer handing a file to nginx
      // (X-Accel-Redirect) is the proxy's to fill: the client gets nginx's answer with the file's body.
      if (method === 'HEAD' || response.headers['x-accel-redirect'] !== undefined) return;
      const mediaType = mediaTypeOf(response.headers['content-type']);
      const declaredTypes = Object.keys(declared.content ?? {});
      if (response.rawPayload.length === 0) {
        if (declaredTypes.length > 0) failures.push(`${where} with an empty answer, where the document declares a body of ${declaredTypes.join(', ')}`);
        else if (mediaType) failures.push(`${where} with an empty answer of type ${mediaType}, where the document declares no body`);
        return;
      }
      if (!mediaType || !declaredTypes.some((type) => acceptsMediaType(type, mediaType))) {
        failures.push(`${where} with a body of type ${mediaType ?? '(none)'}, where the document declares ${declaredTypes.join(', ') || 'no body'}`);
        return;
      }
      if (mediaType !== 'application/json') return;
      const declaredType = declaredTypes.find((type) => acceptsMediaType(type, mediaType))!;
      const validator = validatorFor(`${method} ${found.template}`, status, declared, declaredType);
      const error = validator.validateResponse(status, JSON.parse(response.body) as unknown);
      if (error) failures.push(`${where} with a body the document's schema refuses: ${JSON.stringify(error.errors)}; body: ${response.body.slice(0, 300)}`);
    },
    takeFailures() {
      return failures.splice(0);
    },
  };
}
