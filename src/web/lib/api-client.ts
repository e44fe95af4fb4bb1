import { pathFor, type Endpoint, type EndpointInput, type EndpointResponse, type HasNoInput } from '../../shared/endpoints/endpoint';
import type { ApiTransport } from '../../shared/page-rendering';
import { errorStatus, type ErrorCode, type FieldErrors } from '../../shared/errors';

/** Our API's codes, plus the two that only the client can observe. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(errorStatus, code);

/**
 * Every failed call throws this. Branch on `code` (never on `message`, which is the server's
 * English text for logs) and show `errors:codes.<code>` from the catalogues.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Field name → messages, for forms (VALIDATION_FAILED). */
  readonly fields: FieldErrors | undefined;
  /**
   * The body's own code when it is not one of ours: better-auth answers `/api/auth/*`
   * failures as `{ code: 'INVALID_EMAIL_OR_PASSWORD', message }`.
   */
  readonly providerCode: string | undefined;

  constructor(init: { code: ApiErrorCode; status: number; message: string; fields?: FieldErrors; providerCode?: string; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields;
    this.providerCode = init.providerCode;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Our code for a status whose body said nothing we understand (a proxy's HTML page, better-auth). */
function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'UNKNOWN';
  }
}

type UnknownRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is UnknownRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const status = response.status;
  // Our shape: { error: { code, message, fields? } }
  if (isRecord(body) && isRecord(body.error) && isErrorCode(body.error.code)) {
    const { code, message, fields } = body.error;
    return new ApiError({
      code,
      status,
      message: typeof message === 'string' ? message : code,
      fields: isRecord(fields) ? (fields as FieldErrors) : undefined,
    });
  }
  // better-auth's shape: { code, message }
  if (isRecord(body) && typeof body.code === 'string') {
    return new ApiError({
      code: isErrorCode(body.code) ? body.code : codeForStatus(status),
      status,
      message: typeof body.message === 'string' ? body.message : body.code,
      providerCode: isErrorCode(body.code) ? undefined : body.code,
    });
  }
  return new ApiError({ code: codeForStatus(status), status, message: `HTTP ${status}` });
}

export type RequestOptions = {
  method?: Endpoint['method'];
  /** Sent as JSON, or as is when FormData or a file (a Blob: give its Content-Type in `headers`). */
  body?: unknown;
  /** Appended as a query string; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** TanStack Query passes one: leaving a page cancels its requests. */
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save while the tab closes); the body must stay under 64 KB. */
  keepalive?: boolean;
};

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Replaces the browser's fetch for every call. Server rendering hands its pages' queries to the
 * server's router in the same process, so a rendered page costs no network round trip.
 */
export function setApiTransport(replacement: ApiTransport) {
  transport = replacement;
}

function withQuery(path: string, query: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/**
 * Calls our API (same origin, session cookie included) and returns the parsed JSON body.
 * Throws ApiError: the server's `{ error }` shape, a status with no such body, or NETWORK
 * when the server could not be reached. An aborted request rethrows the AbortError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, headers, signal, keepalive } = options;
  const isForm = (typeof FormData !== 'undefined' && body instanceof FormData) || (typeof Blob !== 'undefined' && body instanceof Blob);
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    signal,
    ...(keepalive ? { keepalive } : {}),
  };
  if (body !== undefined) init.body = isForm ? (body as BodyInit) : JSON.stringify(body);

  let response: Response;
  try {
    response = await transport(withQuery(path, query), init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ code: 'NETWORK', status: 0, message: 'Network request failed', cause });
  }
  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ code: 'NETWORK', status: response.status, message: 'Response body could not be read', cause });
  }
  if (!response.ok) throw errorFromResponse(response, parsed);
  return parsed as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

/**
 * Raw shorthands over `apiRequest`, for a path outside the endpoint table. The app's calls go
 * through `call(endpoints.x, input)`, which derives the path and the answer's type from the table.
 */
export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options & { body?: unknown }) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** What a call may add to the endpoint's input. */
export type CallOptions = {
  headers?: Record<string, string>;
  /** TanStack Query passes one: leaving a page cancels its requests. */
  signal?: AbortSignal;
  /** Lets the request outlive the page (`fetch`'s keepalive), for a last save while it closes. */
  keepalive?: boolean;
};

/** The input is optional for an endpoint that takes none (`call(endpoints.getCart)`). */
type CallArguments<E extends Endpoint> = HasNoInput<E> extends true ? [input?: CallOptions] : [input: EndpointInput<E> & CallOptions];

/**
 * Calls an endpoint of the shared table (`src/shared/endpoints`): the path comes from the
 * entry and its `params`, the query from `query`, the JSON body from `body`, and the answer is
 * typed as the entry's successful response. Failures throw ApiError, as `apiRequest` does.
 *
 * `call(endpoints.removeFromCart, { params: { courseId } })`
 */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, headers, signal, keepalive } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  } & CallOptions;
  return apiRequest<EndpointResponse<E>>(pathFor(endpoint, params), { method: endpoint.method, query, body, headers, signal, keepalive });
}
