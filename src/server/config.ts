import path from 'node:path';
import { z } from 'zod';
import { assignmentDefaults, couponAttemptDefaults, curriculumDefaults, invoiceSellerDefaults, lessonImageDefaults, payoutDefaults, quizDefaults, quizLimits, referralDefaults } from '../shared/limits';

/** Optional settings arrive as empty strings from `.env` files; treat those as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/ });

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

const csv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** OpenTelemetry's standard samplers (the `_traceidratio` ones keep OTEL_TRACES_SAMPLER_ARG of the traces). */
const TRACE_SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: z.string().trim().default('loopback'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(1),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAILS: csv.default([]),
  SEED_DEMO_DATA: flag('true'),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_ISSUER: optional(httpUrl),
  GITHUB_CLIENT_ID: optional(z.string().min(1)),
  GITHUB_CLIENT_SECRET: optional(z.string().min(1)),
  FACEBOOK_CLIENT_ID: optional(z.string().min(1)),
  FACEBOOK_CLIENT_SECRET: optional(z.string().min(1)),
  TWITTER_CLIENT_ID: optional(z.string().min(1)),
  TWITTER_CLIENT_SECRET: optional(z.string().min(1)),
  STRIPE_SECRET_KEY: optional(z.string().min(1)),
  STRIPE_WEBHOOK_SECRET: optional(z.string().min(1)),
  STRIPE_API_BASE: optional(httpUrl),
  PAYMENT_WEBHOOK_SECRET: optional(z.string().min(16)),
  VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 ** 3),
  UPLOADS_MAX_UNFINISHED_PER_USER: z.coerce.number().int().min(1).max(100).default(4),
  UPLOADS_MAX_DECLARED_BYTES_PER_USER: optional(z.coerce.number().int().positive()),
  VIDEO_PROBE_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(10_000),
  VIDEO_PROBE_MAX_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(128),
  VIDEO_MAX_WIDTH: z.coerce.number().int().min(16).max(16_384).default(3840),
  VIDEO_MAX_HEIGHT: z.coerce.number().int().min(16).max(16_384).default(2160),
  VIDEO_MAX_ASPECT_RATIO: z.coerce.number().min(1).max(100).default(4),
  VIDEO_MAX_DURATION_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(4 * 3600),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  CATALOG_CACHE_ENTRIES: z.coerce.number().int().min(0).default(5000),
  COURSE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(20_000),
  CATALOG_CACHE_MAX_STALE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  RENDERED_PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  RENDERED_PAGE_MEMORY_MB: z.coerce.number().min(0).max(4096).default(32),
  SESSION_CACHE_ENTRIES: z.coerce.number().int().min(0).default(10_000),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  NOTIFY_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  NOTIFY_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  VIDEO_URL_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  VIDEO_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  VIDEO_ACCEL_REDIRECT_PREFIX: optional(z.string().regex(/^\/[\w\-/]*\/$/, 'must be a path that starts and ends with /')),
  S3_ENDPOINT: optional(httpUrl),
  S3_PUBLIC_ENDPOINT: optional(httpUrl),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots, hyphens and underscores')),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-west-1 (or auto, or us-east-1, for most S3-compatible services)')),
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])),
  S3_PRESIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  TRANSCODE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  TRANSCODE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  TRANSCODE_MAX_WAITING_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  TRANSCODE_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  TRANSCODE_MAX_RUNNING_PER_USER: z.coerce.number().int().min(1).max(16).default(1),
  TRANSCODE_MAX_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(2048),
  TRANSCODE_MAX_MINUTES: z.coerce.number().int().min(1).max(7 * 1440).default(360),
  FFMPEG_PATH: optional(z.string().min(1)),
  PASSWORD_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string().trim().min(3)),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  MAIL_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  // Read only to tell a production server (see productionIssues); nothing branches on it otherwise.
  NODE_ENV: optional(z.string()),
  ALLOW_DEMO_DATA_IN_PRODUCTION: flag('false'),
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: flag('false'),
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9, 'must have at most two decimals (a whole number of basis points)')
    .default(payoutDefaults.platformFeePercent),
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(payoutDefaults.holdDays),
  REFERRAL_TEACHER_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9, 'must have at most two decimals (a whole number of basis points)')
    .default(referralDefaults.teacherPercent),
  REFERRAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(referralDefaults.windowDays),
  REFERRAL_MIN_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(100).default(referralDefaults.minDiscountPercent),
  COUPON_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(couponAttemptDefaults.perAccount),
  COUPON_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(couponAttemptDefaults.perAddress),
  STRIPE_TAX: flag('false'),
  INVOICE_SELLER_NAME: optional(z.string().trim().min(1).max(200)),
  INVOICE_SELLER_ADDRESS: optional(z.string().trim().min(1).max(500)),
  INVOICE_SELLER_TAX_ID: optional(z.string().trim().min(1).max(50)),
  INVOICE_SELLER_EMAIL: optional(z.email()),
  CURRICULUM_MAX_SECTIONS: z.coerce.number().int().min(1).max(1000).default(curriculumDefaults.maxSections),
  CURRICULUM_MAX_LESSONS: z.coerce.number().int().min(2).max(10_000).default(curriculumDefaults.maxLessons),
  LESSON_IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(lessonImageDefaults.maxBytes),
  LESSON_IMAGES_MAX_PER_USER: z.coerce.number().int().min(1).max(100_000).default(lessonImageDefaults.maxPerUser),
  QUIZ_MAX_QUESTIONS: z.coerce.number().int().min(1).max(quizLimits.questionsMax).default(quizDefaults.maxQuestions),
  QUIZ_MAX_CHOICES: z.coerce.number().int().min(2).max(quizLimits.choicesMax).default(quizDefaults.maxChoices),
  QUIZ_UNLIMITED_ATTEMPTS_CAP: z.coerce.number().int().min(1).max(10_000).default(quizDefaults.unlimitedAttemptsCap),
  QUIZ_STATS_MIN_LEARNERS: z.coerce.number().int().min(quizLimits.statisticsMinLearners).max(10_000).default(quizDefaults.statisticsMinLearners),
  ASSIGNMENT_MAX_BYTES: z.coerce.number().int().min(1024).max(500 * 1024 * 1024).default(assignmentDefaults.maxBytes),
  ASSIGNMENT_MAX_BYTES_PER_LEARNER: z.coerce.number().int().min(1024).max(100 * 1024 * 1024 * 1024).default(assignmentDefaults.maxBytesPerLearner),
  // OpenTelemetry's own names (its SDK documents them): traces are on when an endpoint is set.
  OTEL_SDK_DISABLED: flag('false'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(httpUrl),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional(httpUrl),
  OTEL_EXPORTER_OTLP_HEADERS: optional(z.string()),
  OTEL_EXPORTER_OTLP_PROTOCOL: optional(z.enum(['http/json'], 'must be http/json, the only protocol this server exports in (or unset)')),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: optional(z.enum(['http/json'], 'must be http/json, the only protocol this server exports in (or unset)')),
  OTEL_SERVICE_NAME: optional(z.string().trim().min(1)),
  OTEL_TRACES_SAMPLER: z.enum(TRACE_SAMPLERS).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: optional(z.coerce.number().min(0).max(1)),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  isHttps: boolean;
  /** Real people reach this server (an https PUBLIC_URL, or NODE_ENV=production): no demo data, test payments or development pages. */
  isProduction: boolean;
  /** Which proxies may tell the client's address (X-Forwarded-For), in Fastify's `trustProxy` form. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Share of ordinary answers (below 500, faster than `slowRequestMs`) that get an access-log line: 1 logs each, 0 none. */
  accessLogSample: number;
  /** Answers that took this long (ms) are always logged, as a warning. */
  slowRequestMs: number;
  authSecret: string | undefined;
  adminEmails: string[];
  /** Password attempts allowed per account in each 15-minute window, whatever the client address. */
  passwordAttemptsPerAccount: number;
  mail: {
    /** SMTP server the outbox sends through; unset, mail stays in the outbox (logged, and shown by the development mailbox). */
    smtpUrl: string | undefined;
    from: string;
    /** How often each process looks for due mail (0: never; tests drive the sender themselves). */
    pollIntervalMs: number;
    /** E-mails one account may ask for (reset links, verification links) per hour, besides the per-address limit. */
    perAccountPerHour: number;
  };
  seedDemoData: boolean;
  redisUrl: string | undefined;
  social: Partial<Record<'google' | 'github' | 'facebook' | 'twitter', { clientId: string; clientSecret: string }>>;
  /** The OpenID Connect issuer Google sign-in talks to (a local provider in tests). */
  googleIssuer: string;
  /** `tax`: Stripe Tax on (STRIPE_TAX=true): checkout adds the tax it computes, and the invoice shows it. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined; tax: boolean } | undefined;
  paymentWebhookSecret: string | undefined;
  payouts: {
    /** The platform's fee on each sale, in basis points (PLATFORM_FEE_PERCENT × 100), recorded on the order line when it is sold. */
    platformFeeBasisPoints: number;
    /** Days a sale's share waits (the refund window) before it may be transferred to its teacher. */
    holdDays: number;
    /** The fee on a line the teacher brought (their referral link or their own coupon): 100 − REFERRAL_TEACHER_PERCENT, in basis points. */
    referralFeeBasisPoints: number;
    /** How long a visit through a referral link attributes that course's sale to its teacher (REFERRAL_WINDOW_DAYS). */
    referralWindowMs: number;
    /**
     * The least discount, in percent of a line's list price, with which the seller's own coupon
     * makes the line referred (REFERRAL_MIN_DISCOUNT_PERCENT): a token coupon does not buy the lower fee.
     */
    referralMinDiscountPercent: number;
  };
  /** Coupon codes one account, and one client address, may try in each window (applied or refused alike). */
  couponAttempts: { perAccount: number; perAddress: number; windowSeconds: number };
  /** A course's curriculum caps: sections and lessons (the intro and main video count among them). */
  curriculum: { maxSections: number; maxLessons: number };
  /** Text lessons' images: the largest (LESSON_IMAGE_MAX_BYTES) and how many one course owner may keep (LESSON_IMAGES_MAX_PER_USER). */
  lessonImages: { maxBytes: number; maxPerUser: number };
  /** Quizzes: questions per quiz (QUIZ_MAX_QUESTIONS), choices or items per question (QUIZ_MAX_CHOICES), the attempts a learner may start at a quiz that sets no limit (QUIZ_UNLIMITED_ATTEMPTS_CAP), and the distinct learners a quiz's statistics need (QUIZ_STATS_MIN_LEARNERS, at least 5). */
  quizzes: { maxQuestions: number; maxChoices: number; unlimitedAttemptsCap: number; statisticsMinLearners: number };
  /** Assignments' files: the largest (ASSIGNMENT_MAX_BYTES) and the bytes one learner may keep stored in all (ASSIGNMENT_MAX_BYTES_PER_LEARNER). */
  assignments: { maxBytes: number; maxBytesPerLearner: number };
  invoices: {
    /** The seller printed on invoices and credit notes (INVOICE_SELLER_*), kept in each document as it was at issue. */
    seller: { name: string; address: string; taxId: string; email: string | null };
  };
  videoMaxBytes: number;
  /** Unfinished (tus) uploads one user may have at once. */
  uploadsMaxUnfinishedPerUser: number;
  /** The lengths one user's unfinished uploads may declare in total. */
  uploadsMaxDeclaredBytesPerUser: number;
  /** How long the worker that reads an uploaded video's structure may take. */
  videoProbeTimeoutMs: number;
  /** The JavaScript heap of that worker. */
  videoProbeMaxMemoryMb: number;
  /** The largest picture and longest video an upload may declare (the transcoder's work grows with both). */
  videoLimits: VideoLimits;
  /** A client must send its whole request head within this (slow-header attacks hold sockets open). */
  headersTimeoutMs: number;
  /** …and its whole request, body included, within this; uploads come in chunks that fit (see use-video-uploads.ts). */
  requestTimeoutMs: number;
  /** Server processes sharing the port (node:cluster); 1 runs the server in this process alone. */
  webConcurrency: number;
  /** Lets a scraper from another machine read /metrics with `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** OpenTelemetry traces, sent over OTLP/HTTP; unset (no OTEL_EXPORTER_OTLP_ENDPOINT): none, and no SDK loaded. */
  tracing: TracingSettings | undefined;
  /** Catalogue pages kept in the in-process cache; 0 turns it off. */
  catalogCacheEntries: number;
  /** Course pages (serialised answers, ~1–2 KB each) kept in their own cache; 0 turns it off. */
  courseCacheEntries: number;
  /** How long a process may serve the catalogue as it was before a change (0: never). */
  catalogCacheMaxStaleMs: number;
  /** Server-rendered public pages kept in memory per process (0 renders every request). */
  renderedPageCacheEntries: number;
  /** Compressed bytes of stored pages (a course's, a teacher's…) held in memory per process; the rest are read from the database. */
  renderedPageMemoryBytes: number;
  /** Resolved sessions kept in memory per process (0: every request reads its session row). */
  sessionCacheEntries: number;
  /** How long a resolved session is reused before it is read again, changes or not. */
  sessionCacheTtlMs: number;
  /**
   * How often each listening connection (session invalidations, catalogue versions) checks that
   * its notices still arrive, and how long its own notice may take before it counts as stalled.
   */
  notifyHeartbeat: { intervalMs: number; timeoutMs: number };
  /** Signs the short-lived main-video URLs; derived from the auth secret when unset. */
  videoUrlSecret: string | undefined;
  videoUrlTtlSeconds: number;
  /** Behind nginx: answer video bytes with `X-Accel-Redirect: <prefix><storage key>` and let nginx send the file. */
  videoAccelRedirectPrefix: string | undefined;
  /** Videos in an S3-compatible bucket instead of DATA_DIR/videos; unset: the local disk. */
  s3: S3Settings | undefined;
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
  /** Adaptive streaming: the HLS transcodes of the videos attached to courses (`features/media/transcode-job.ts`). */
  transcode: {
    /** Transcodes this process runs at once (0: none here; another process, or nobody, runs them). */
    concurrency: number;
    /** ffmpeg's encoder threads per transcode. */
    threads: number;
    /** How often an idle worker looks for queued transcodes. */
    pollIntervalMs: number;
    /** Videos one user may have waiting for (or in) processing at once. */
    maxWaitingPerUser: number;
    /** How long a worker holds a transcode without a heartbeat: a dead worker's transcode starts over elsewhere after it. */
    leaseSeconds: number;
    /** Transcodes one account may have running at once, all workers together; accounts younger than a day share one such budget. */
    maxRunningPerUser: number;
    /** ffmpeg's address space (RLIMIT_AS), in MB. */
    maxMemoryMb: number;
    /** The longest one ffmpeg run may take, whatever the source; shorter sources get less (transcode-job.ts). */
    maxMinutes: number;
    /** An ffmpeg binary to use instead of the system's or the one npm installed. */
    ffmpegPath: string | undefined;
  };
};

export type TracingSettings = {
  /** Where spans are posted: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`. */
  tracesUrl: string;
  /** Sent with every export (OTEL_EXPORTER_OTLP_HEADERS: `key=value` pairs, comma-separated, values URL-encoded), e.g. a vendor's API key. */
  headers: Record<string, string>;
  /** `service.name` of every span: OTEL_SERVICE_NAME, `marketplace` by default. */
  serviceName: string;
  sampler: { name: (typeof TRACE_SAMPLERS)[number]; ratio: number };
};

export type VideoLimits = {
  /** A landscape picture's width and height at most; a portrait one is measured turned (2160×3840 passes 3840×2160). */
  maxWidth: number;
  maxHeight: number;
  /** The long side over the short side. */
  maxAspectRatio: number;
  maxDurationSeconds: number;
};

export type S3Settings = {
  /** The S3 API the server talks to; unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  /** The address browsers reach the bucket at, when it differs from `endpoint` (presigned URLs use it). */
  publicEndpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint host>/<key>`; the default with a custom endpoint. */
  forcePathStyle: boolean;
  /** How long a presigned video URL handed to a browser stays valid. */
  presignedUrlTtlSeconds: number;
};

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * Object storage is on when any S3_* setting is: then the four that every bucket needs must all
 * be there, or the server stops naming the missing ones (half a configuration would otherwise
 * quietly keep the videos on one machine's disk).
 */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => e[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map(
        (name) =>
          `${name}: object storage is half configured (${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set): ` +
          `set ${S3_REQUIRED.join(', ')} together (and S3_ENDPOINT unless the bucket is on AWS), or none of them to keep videos on the local disk`,
      ),
    );
  }
  if (e.VIDEO_ACCEL_REDIRECT_PREFIX) {
    throw new ConfigError([
      'VIDEO_ACCEL_REDIRECT_PREFIX: hands local-disk videos to nginx, but videos are in object storage (S3_BUCKET), where browsers fetch them from presigned URLs; unset one of the two',
    ]);
  }
  if (e.S3_PUBLIC_ENDPOINT && !e.S3_ENDPOINT) {
    throw new ConfigError(['S3_PUBLIC_ENDPOINT: only means something beside S3_ENDPOINT (the address the server uses); set S3_ENDPOINT too']);
  }
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    publicEndpoint: e.S3_PUBLIC_ENDPOINT?.replace(/\/$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    presignedUrlTtlSeconds: e.S3_PRESIGNED_URL_TTL_SECONDS,
  };
}

const HEADER_NAME = /^[!#$%&'*+.^`|~\w-]+$/;

const urlDecoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/**
 * Traces are on when an OTLP endpoint is set (and OTEL_SDK_DISABLED is not true). The headers
 * are parsed here so that a malformed list stops the start, without repeating its values (they
 * are usually credentials).
 */
function tracingSettings(e: z.infer<typeof envSchema>): TracingSettings | undefined {
  const endpoint = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`);
  const headers: Record<string, string> = {};
  const issues: string[] = [];
  for (const [index, entry] of (e.OTEL_EXPORTER_OTLP_HEADERS ?? '').split(',').entries()) {
    if (entry.trim() === '') continue;
    const equals = entry.indexOf('=');
    const name = entry.slice(0, equals).trim();
    const value = equals > 0 && HEADER_NAME.test(name) ? urlDecoded(entry.slice(equals + 1).trim()) : undefined;
    if (value === undefined) issues.push(`OTEL_EXPORTER_OTLP_HEADERS: entry ${index + 1} is not name=value (comma-separated pairs, the values URL-encoded)`);
    else headers[name.toLowerCase()] = value;
  }
  if (issues.length > 0) throw new ConfigError(issues);
  if (!endpoint || e.OTEL_SDK_DISABLED) return undefined;
  return {
    tracesUrl: endpoint,
    headers,
    serviceName: e.OTEL_SERVICE_NAME ?? 'marketplace',
    sampler: { name: e.OTEL_TRACES_SAMPLER, ratio: e.OTEL_TRACES_SAMPLER_ARG ?? 1 },
  };
}

/**
 * `false` trusts no proxy, `true` every one (only behind a proxy that overwrites the header),
 * a number the hops in front of the app, otherwise a comma-separated list of addresses, CIDR
 * ranges or the names `loopback`, `linklocal`, `uniquelocal`. The default, `loopback`, lets a
 * proxy on the same machine report the client while nobody else can fake their address.
 */
function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A server that real people reach (an https PUBLIC_URL, or NODE_ENV=production) must not load
 * the demo accounts, whose passwords are public, nor take "payments" through the built-in test
 * provider, which grants courses for test cards. Either needs an explicit setting.
 */
function productionIssues(e: z.infer<typeof envSchema>, isHttps: boolean): string[] {
  if (!isHttps && e.NODE_ENV !== 'production') return [];
  const why = isHttps ? 'PUBLIC_URL is https://' : 'NODE_ENV is production';
  const issues: string[] = [];
  if (e.SEED_DEMO_DATA && !e.ALLOW_DEMO_DATA_IN_PRODUCTION) {
    issues.push(
      `SEED_DEMO_DATA: the demo data and its demo accounts (with published passwords) would be loaded while ${why}; ` +
        'set SEED_DEMO_DATA=false, or ALLOW_DEMO_DATA_IN_PRODUCTION=true if this is a deliberate demo',
    );
  }
  if (!e.STRIPE_SECRET_KEY && !e.ALLOW_TEST_PAYMENTS_IN_PRODUCTION) {
    issues.push(
      `STRIPE_SECRET_KEY: without it the built-in test payment provider takes payments (test cards buy courses) while ${why}; ` +
        'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true if this is a deliberate demo',
    );
  }
  return issues;
}

/** Parses the environment once, at boot. Nothing else in the server reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');

  const pair = (id: string | undefined, secret: string | undefined) =>
    id && secret ? { clientId: id, clientSecret: secret } : undefined;
  const social: Config['social'] = {};
  const google = pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const github = pair(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET);
  const facebook = pair(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET);
  const twitter = pair(e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET);
  if (google) social.google = google;
  if (github) social.github = github;
  if (facebook) social.facebook = facebook;
  if (twitter) social.twitter = twitter;

  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(['STRIPE_SECRET_KEY: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together']);
  }
  const isHttps = publicUrl.startsWith('https://');
  const isProduction = isHttps || e.NODE_ENV === 'production';
  const unsafeInProduction = productionIssues(e, isHttps);
  if (unsafeInProduction.length > 0) throw new ConfigError(unsafeInProduction);

  // Two videos a course (intro and main) may be uploaded side by side at the largest size.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) throw new ConfigError(['HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS']);
  const uploadsMaxDeclaredBytesPerUser = e.UPLOADS_MAX_DECLARED_BYTES_PER_USER ?? 2 * e.VIDEO_MAX_BYTES;
  if (uploadsMaxDeclaredBytesPerUser < e.VIDEO_MAX_BYTES) {
    throw new ConfigError(['UPLOADS_MAX_DECLARED_BYTES_PER_USER: must be at least VIDEO_MAX_BYTES, or no upload of the largest size could start']);
  }
  const s3 = s3Settings(e);
  const tracing = tracingSettings(e);
  // The embedded database belongs to one process: a second one could not open it.
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(['WEB_CONCURRENCY: more than one server process needs the PostgreSQL server (DATABASE_URL); the embedded database serves one process only']);
  }

  return {
    port,
    host: e.HOST,
    publicUrl,
    isHttps,
    isProduction,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    slowRequestMs: e.SLOW_REQUEST_MS,
    authSecret: e.AUTH_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    passwordAttemptsPerAccount: e.PASSWORD_ATTEMPTS_PER_ACCOUNT,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Cursos Online <no-reply@${new URL(publicUrl).hostname}>`,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      perAccountPerHour: e.MAIL_PER_ACCOUNT_PER_HOUR,
    },
    seedDemoData: e.SEED_DEMO_DATA,
    redisUrl: e.REDIS_URL,
    social,
    googleIssuer: (e.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE, tax: e.STRIPE_TAX }
        : undefined,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET,
    payouts: {
      platformFeeBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100),
      holdDays: e.PAYOUT_HOLD_DAYS,
      referralFeeBasisPoints: 10_000 - Math.round(e.REFERRAL_TEACHER_PERCENT * 100),
      referralWindowMs: e.REFERRAL_WINDOW_DAYS * 24 * 60 * 60 * 1000,
      referralMinDiscountPercent: e.REFERRAL_MIN_DISCOUNT_PERCENT,
    },
    couponAttempts: { perAccount: e.COUPON_ATTEMPTS_PER_ACCOUNT, perAddress: e.COUPON_ATTEMPTS_PER_ADDRESS, windowSeconds: couponAttemptDefaults.windowSeconds },
    curriculum: { maxSections: e.CURRICULUM_MAX_SECTIONS, maxLessons: e.CURRICULUM_MAX_LESSONS },
    lessonImages: { maxBytes: e.LESSON_IMAGE_MAX_BYTES, maxPerUser: e.LESSON_IMAGES_MAX_PER_USER },
    quizzes: { maxQuestions: e.QUIZ_MAX_QUESTIONS, maxChoices: e.QUIZ_MAX_CHOICES, unlimitedAttemptsCap: e.QUIZ_UNLIMITED_ATTEMPTS_CAP, statisticsMinLearners: e.QUIZ_STATS_MIN_LEARNERS },
    assignments: { maxBytes: e.ASSIGNMENT_MAX_BYTES, maxBytesPerLearner: e.ASSIGNMENT_MAX_BYTES_PER_LEARNER },
    invoices: {
      seller: {
        name: e.INVOICE_SELLER_NAME ?? invoiceSellerDefaults.name,
        address: e.INVOICE_SELLER_ADDRESS ?? invoiceSellerDefaults.address,
        taxId: e.INVOICE_SELLER_TAX_ID ?? invoiceSellerDefaults.taxId,
        email: e.INVOICE_SELLER_EMAIL ?? invoiceSellerDefaults.email,
      },
    },
    videoMaxBytes: e.VIDEO_MAX_BYTES,
    uploadsMaxUnfinishedPerUser: e.UPLOADS_MAX_UNFINISHED_PER_USER,
    uploadsMaxDeclaredBytesPerUser,
    videoProbeTimeoutMs: e.VIDEO_PROBE_TIMEOUT_MS,
    videoProbeMaxMemoryMb: e.VIDEO_PROBE_MAX_MEMORY_MB,
    videoLimits: {
      maxWidth: e.VIDEO_MAX_WIDTH,
      maxHeight: e.VIDEO_MAX_HEIGHT,
      maxAspectRatio: e.VIDEO_MAX_ASPECT_RATIO,
      maxDurationSeconds: e.VIDEO_MAX_DURATION_SECONDS,
    },
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    metricsToken: e.METRICS_TOKEN,
    tracing,
    catalogCacheEntries: e.CATALOG_CACHE_ENTRIES,
    courseCacheEntries: e.COURSE_CACHE_ENTRIES,
    catalogCacheMaxStaleMs: e.CATALOG_CACHE_MAX_STALE_MS,
    renderedPageCacheEntries: e.RENDERED_PAGE_CACHE_ENTRIES,
    renderedPageMemoryBytes: Math.round(e.RENDERED_PAGE_MEMORY_MB * 1024 * 1024),
    sessionCacheEntries: e.SESSION_CACHE_ENTRIES,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    notifyHeartbeat: { intervalMs: e.NOTIFY_HEARTBEAT_INTERVAL_MS, timeoutMs: e.NOTIFY_HEARTBEAT_TIMEOUT_MS },
    videoUrlSecret: e.VIDEO_URL_SECRET,
    videoUrlTtlSeconds: e.VIDEO_URL_TTL_SECONDS,
    videoAccelRedirectPrefix: e.VIDEO_ACCEL_REDIRECT_PREFIX,
    s3,
    webDistDir: path.resolve('dist/web'),
    transcode: {
      concurrency: e.TRANSCODE_CONCURRENCY,
      threads: e.TRANSCODE_THREADS,
      pollIntervalMs: e.TRANSCODE_POLL_INTERVAL_MS,
      maxWaitingPerUser: e.TRANSCODE_MAX_WAITING_PER_USER,
      leaseSeconds: e.TRANSCODE_LEASE_SECONDS,
      maxRunningPerUser: e.TRANSCODE_MAX_RUNNING_PER_USER,
      maxMemoryMb: e.TRANSCODE_MAX_MEMORY_MB,
      maxMinutes: e.TRANSCODE_MAX_MINUTES,
      ffmpegPath: e.FFMPEG_PATH,
    },
  };
}
