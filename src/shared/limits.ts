/** Business constants from the product spec (section 9) and the rules the server enforces. */
export const limits = {
  homeCourses: 8,
  pageSize: 9,
  suggestions: 5,
  titleMin: 5,
  titleMax: 120,
  teacherNameMin: 5,
  teacherNameMax: 80,
  descriptionMin: 15,
  descriptionMax: 200,
  priceMaxUsd: 100,
  durationMaxHours: 1000,
  passwordMin: 8,
  passwordMax: 12,
  userNameMax: 50,
  contactMessageMin: 10,
  contactMessageMax: 350,
  videosPerCourse: 2,
  introMaxSeconds: 60,
  /** New courses one teacher may publish in a day: each stores two videos, and storage is bounded per account. */
  coursesPerOwnerPerDay: 20,
  /** Courses one cart holds: bounds what a user stores, and stays under the payment provider's 100 line items per checkout. */
  cartMaxItems: 50,
  /** Unpaid checkouts one buyer keeps open: opening another lets the oldest expire, so abandoned ones never pile up. */
  openCheckoutsPerUser: 5,
  ratingMin: 1,
  ratingMax: 5,
  reviewCommentMax: 1000,
  cartClearDelayMs: 5000,
  toastSuccessMs: 2000,
  toastErrorMs: 4000,
  toastMaxOnScreen: 20,
  dragScrollActivationPx: 10,
  dragScrollDebounceMs: 300,
  /** "What you'll learn" and "Requirements" on the course page: short lines the teacher writes. */
  courseListLines: 10,
  courseListLineMax: 120,
  /** A teacher's few words about themselves on their public profile. */
  userBioMax: 500,
} as const;

/** Caption files (WebVTT or SRT) a teacher attaches to a video: one per language. */
export const captionLimits = {
  /** The largest file taken: a two-hour video's captions are about 150 KB. */
  maxBytes: 512 * 1024,
  maxCues: 10_000,
  /** The longest text one cue may show. */
  maxCueChars: 500,
} as const;

/** The speeds the player offers (here, not beside the settings' schema: the player must not load zod). */
export const playbackRates = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The longest search text the catalogue takes. */
export const searchMaxLength = 100;
/**
 * More pages than any catalogue here will have (nine million courses); a page past the end is
 * simply empty. A million courses fill 111,112 pages, and each is a kept anchor away.
 */
export const maxPage = 1_000_000;
/** The largest id PostgreSQL's `integer` holds. */
export const maxDatabaseId = 2_147_483_647;
/**
 * How a whole number is written in a path or query parameter: ASCII digits, without a leading
 * zero. `Number` would also read a sign, spaces, a fraction (`3.0`), an exponent (`1e1`), hex
 * (`0x10`) or `Infinity`; those are refused, and so is `007`, so that each number has one
 * spelling (one cache entry, one canonical address). The API's schemas and the web's URL
 * readers both read numbers with it.
 */
export const wholeNumberPattern = /^(0|[1-9][0-9]*)$/;

export const courseLanguages = ['english', 'spanish'] as const;
export type CourseLanguage = (typeof courseLanguages)[number];

export const courseLevels = ['easy', 'medium', 'advanced'] as const;
export type CourseLevel = (typeof courseLevels)[number];

/** `popular`: the most reviewed first (the reviews count buyers who rated, so it follows sales). */
export const courseSorts = ['newest', 'rating-asc', 'rating-desc', 'price-asc', 'price-desc', 'popular'] as const;
export type CourseSort = (typeof courseSorts)[number];

export const paymentStatuses = ['unpaid', 'paid', 'expired', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/**
 * What an order shows (the buyer's purchases, the admin's orders): its payment status, except a
 * paid order some of whose lines were refunded, which is `partly_refunded` (the stored status
 * stays `paid`: what is left of it may still be refunded).
 */
export const orderStatuses = [...paymentStatuses, 'partly_refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const videoOrientation = {
  portrait: { width: 220, height: 385 },
  landscape: { width: 350, height: 300 },
} as const;

/** Teacher payouts' defaults (PLATFORM_FEE_PERCENT, PAYOUT_HOLD_DAYS); lines sold before payouts existed were split at this fee. */
export const payoutDefaults = { platformFeePercent: 20, holdDays: 14 } as const;

/**
 * Referral defaults (REFERRAL_TEACHER_PERCENT, REFERRAL_WINDOW_DAYS, REFERRAL_MIN_DISCOUNT_PERCENT):
 * the teacher's share of a sale they brought, how long a visit through their link counts, and the
 * least discount (percent of the list price) with which the teacher's own coupon counts as bringing the buyer.
 */
export const referralDefaults = { teacherPercent: 97, windowDays: 7, minDiscountPercent: 10 } as const;

/**
 * Coupon codes tried per window (COUPON_ATTEMPTS_PER_ACCOUNT, COUPON_ATTEMPTS_PER_ADDRESS): a
 * buyer types a few, a guesser thousands. An address gets more than an account, as several
 * buyers may share one (an office, a school).
 */
export const couponAttemptDefaults = { perAccount: 10, perAddress: 30, windowSeconds: 10 * 60 } as const;

/** A coupon takes a percentage off each covered line, or a fixed amount of cents off each. */
export const couponDiscountKinds = ['percent', 'amount'] as const;
export type CouponDiscountKind = (typeof couponDiscountKinds)[number];

/** Coupon rules the server enforces. */
export const couponLimits = {
  codeMin: 3,
  codeMax: 32,
  /** Letters, digits, - and _: a code survives a URL (`?cupon=`) and a phone keyboard unchanged. */
  codePattern: /^[A-Za-z0-9_-]+$/,
  /** Coupons one teacher (or the site's admins together) may have: each is a row a user creates. */
  perOwner: 200,
  /** Courses one coupon may name (a teacher's "all my courses" names none). */
  coursesMax: 100,
  maxUsesMax: 1_000_000,
  maxUsesPerBuyerMax: 100,
} as const;

/**
 * Who issues the invoices when INVOICE_SELLER_* are not set: a demo company, so a fresh
 * install prints complete invoices (set the real details in production).
 */
export const invoiceSellerDefaults = {
  name: 'Cursos Online Demo S.L.',
  address: 'Calle de la Demostración 1, 28001 Madrid, España',
  taxId: 'ESB00000000',
  email: null,
} as const;

/**
 * What a lesson is: a video (uploaded, probed and transcoded as the course's two videos), a text
 * (Markdown), a downloadable file, a quiz (graded by the server) or an assignment (handed in, reviewed by the teacher).
 */
export const lessonKinds = ['video', 'text', 'resource', 'quiz', 'assignment'] as const;
export type LessonKind = (typeof lessonKinds)[number];

/**
 * A course's curriculum bounds. Sections and lessons per course are settings
 * (CURRICULUM_MAX_SECTIONS, CURRICULUM_MAX_LESSONS) with these defaults; the others are fixed.
 */
export const curriculumDefaults = { maxSections: 50, maxLessons: 300 } as const;

/**
 * Images for text lessons: the largest one (LESSON_IMAGE_MAX_BYTES) and how many one course owner
 * may keep in all (LESSON_IMAGES_MAX_PER_USER), these by default; the types accepted, known by content.
 */
export const lessonImageDefaults = { maxBytes: 5 * 1024 * 1024, maxPerUser: 500 } as const;
export const lessonImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type LessonImageType = (typeof lessonImageTypes)[number];
export const curriculumLimits = {
  sectionTitleMax: 120,
  lessonTitleMax: 120,
  /** A text lesson's Markdown, in characters. */
  textLessonMax: 50_000,
  /** A downloadable resource (PDF), in bytes. */
  resourceMaxBytes: 20 * 1024 * 1024,
  /** Reading speed that gives a text lesson its computed length. */
  readingWordsPerMinute: 200,
} as const;

/**
 * Quizzes' bounds. Questions per quiz and choices per question are settings (QUIZ_MAX_QUESTIONS,
 * QUIZ_MAX_CHOICES) whose largest allowed values these are; the texts' lengths are fixed.
 */
export const quizLimits = {
  questionsMax: 200,
  choicesMax: 20,
  promptMax: 5_000,
  explanationMax: 5_000,
  choiceTextMax: 500,
  /** A short answer, typed or accepted. */
  answerTextMax: 200,
  acceptedAnswersMax: 20,
  maxAttemptsMax: 100,
  /** A week. */
  waitMinutesMax: 7 * 24 * 60,
  timeLimitMinutesMax: 600,
  /** The floor of QUIZ_STATS_MIN_LEARNERS: a quiz's statistics never show fewer learners than this, who could be singled out. */
  statisticsMinLearners: 5,
} as const;
/**
 * The settings' defaults; `unlimitedAttemptsCap` bounds the attempts one learner may start at a quiz whose teacher set no limit
 * (QUIZ_UNLIMITED_ATTEMPTS_CAP); `statisticsMinLearners` is the distinct learners a quiz's statistics need (QUIZ_STATS_MIN_LEARNERS).
 */
export const quizDefaults = { maxQuestions: 100, maxChoices: 10, unlimitedAttemptsCap: 100, statisticsMinLearners: 5 } as const;

/**
 * Assignments. The largest file a learner hands in or a teacher returns (ASSIGNMENT_MAX_BYTES)
 * and the bytes one learner may keep stored in all, hand-ins and the file waiting to be handed
 * in (ASSIGNMENT_MAX_BYTES_PER_LEARNER), these by default; the texts' lengths and points are fixed.
 * A file is known by its content: a PDF, a JPEG, PNG, WebP or GIF image, or a ZIP (stored as is).
 */
export const assignmentDefaults = { maxBytes: 20 * 1024 * 1024, maxBytesPerLearner: 200 * 1024 * 1024 } as const;
export const assignmentLimits = {
  instructionsMax: 50_000,
  /** A learner's handed-in text (Markdown), in characters. */
  answerTextMax: 20_000,
  feedbackMax: 10_000,
  maxPointsMax: 1000,
  fileNameMax: 200,
  /** The review queue's page. */
  queuePageSize: 20,
} as const;
export const assignmentGradings = ['pass-fail', 'points'] as const;
export type AssignmentGrading = (typeof assignmentGradings)[number];
export const assignmentFileTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/zip'] as const;
export type AssignmentFileType = (typeof assignmentFileTypes)[number];
/** A hand-in's state: waiting for its review, then passed, failed, or returned for another try. */
export const submissionStates = ['waiting', 'passed', 'failed', 'returned'] as const;
export type SubmissionState = (typeof submissionStates)[number];
