/**
 * Every error the API can answer with. The server maps each code to an HTTP status;
 * the web app maps each code to a translated message (`errors.<CODE>` in the catalogues).
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  COURSE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  NAME_TAKEN: 409,
  CANNOT_DISABLE_SELF: 409,
  ORDER_NOT_REFUNDABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VIDEO_NOT_FOUND: 404,
  VIDEO_TOO_LARGE: 413,
  VIDEO_NOT_MP4: 415,
  VIDEO_UNREADABLE: 422,
  // What the transcoder would have to do for a file: the size, shape and length it declares, and whether its parts agree.
  VIDEO_TOO_LARGE_PICTURE: 422,
  VIDEO_ASPECT_RATIO_UNSUPPORTED: 422,
  VIDEO_TOO_LONG: 422,
  VIDEO_INCONSISTENT: 422,
  UPLOAD_LIMIT_REACHED: 409,
  UNFINISHED_UPLOADS_LIMIT: 409,
  UPLOAD_SPACE_EXCEEDED: 413,
  UPLOAD_LENGTH_REQUIRED: 400,
  TUS_VERSION_UNSUPPORTED: 412,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  // A link sent by e-mail (password reset, address verification) that expired, or that never existed or was used.
  EXPIRED_ACTION_CODE: 400,
  INVALID_ACTION_CODE: 400,
  // Changing the e-mail of an account without a password needs a sign-in this recent.
  REAUTHENTICATION_REQUIRED: 403,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // Commerce: cart, checkout, payments, enrolments, reviews.
  COURSE_ALREADY_IN_CART: 409, CART_FULL: 409, COURSE_ALREADY_OWNED: 409, COURSE_IS_YOURS: 409, COURSE_NOT_FREE: 409, CART_EMPTY: 409,
  NOT_ENROLLED: 403, ORDER_NOT_FOUND: 404, ORDER_LINE_NOT_FOUND: 404, ORDER_LINE_ALREADY_REFUNDED: 409, REVIEW_NOT_FOUND: 404, INVALID_SIGNATURE: 400, PAYMENT_PROVIDER_ERROR: 502,
  // Payouts: a transfer the admin may not retry (sent, or in flight), or no transfers to teachers at this provider.
  PAYOUT_TRANSFER_NOT_FOUND: 404, PAYOUT_TRANSFER_NOT_RETRYABLE: 409, PAYOUT_ACCOUNT_NOT_ENABLED: 409,
  // Teaching.
  COURSE_LIMIT_REACHED: 429,
  // Teachers' payouts: only a teacher (someone who created a course) opens a payout account; refreshing onboarding needs one.
  PAYOUTS_NEED_A_COURSE: 409,
  PAYOUT_ACCOUNT_NOT_FOUND: 404,
  // Background work: a user's videos waiting for processing.
  JOB_LIMIT_REACHED: 429,
  // The curriculum: the caps per course (settings), the lessons the spec's screens play, a reorder that does not name the whole curriculum,
  // a section or lesson of another course (or none), a resource that is not a PDF or is too big.
  CURRICULUM_SECTION_LIMIT: 409,
  CURRICULUM_LESSON_LIMIT: 409,
  COURSE_VIDEO_LESSON_REQUIRED: 409,
  CURRICULUM_ORDER_MISMATCH: 400,
  SECTION_NOT_FOUND: 404,
  LESSON_NOT_FOUND: 404,
  RESOURCE_NOT_PDF: 415,
  RESOURCE_TOO_LARGE: 413,
  // A text lesson's image: not a JPEG, PNG, WebP or GIF by its content, over LESSON_IMAGE_MAX_BYTES, past the owner's LESSON_IMAGES_MAX_PER_USER.
  LESSON_IMAGE_NOT_IMAGE: 415,
  LESSON_IMAGE_TOO_LARGE: 413,
  LESSON_IMAGE_LIMIT: 409,
  // Assignments: a file that is no PDF, image or ZIP by its content, over ASSIGNMENT_MAX_BYTES, past the learner's
  // ASSIGNMENT_MAX_BYTES_PER_LEARNER; a hand-in while one waits, after a pass or fail; a review of one already reviewed; no such hand-in.
  ASSIGNMENT_FILE_TYPE: 415,
  ASSIGNMENT_FILE_TOO_LARGE: 413,
  ASSIGNMENT_STORAGE_FULL: 409,
  ASSIGNMENT_WAITING: 409,
  ASSIGNMENT_CLOSED: 409,
  ASSIGNMENT_ALREADY_REVIEWED: 409,
  SUBMISSION_NOT_FOUND: 404,
  // Certificates of completion: one asked for before every lesson is done, or before the course's rules are met (a quiz's
  // minimum, an assignment passed); a code nobody holds (or not the caller); a rule naming no quiz or assignment lesson of the course.
  COURSE_NOT_COMPLETE: 409,
  CERTIFICATE_REQUIREMENTS_NOT_MET: 409,
  CERTIFICATE_NOT_FOUND: 404,
  CERTIFICATE_RULE_LESSON_INVALID: 400,
  // Coupons: a code nobody created, one outside its dates or switched off,
  // one whose uses are all taken (paid, or held by an open checkout), one that covers no course in the cart, one the buyer used
  // as often as it allows; a code already taken (any case); a coupon past the owner's cap; courses that are not the teacher's.
  COUPON_NOT_FOUND: 404,
  COUPON_EXPIRED: 409,
  COUPON_USED_UP: 409,
  COUPON_NOT_APPLICABLE: 409,
  COUPON_ALREADY_USED: 409,
  COUPON_CODE_TAKEN: 409,
  COUPON_LIMIT_REACHED: 409,
  COUPON_COURSES_NOT_YOURS: 403,
  // Referral links: a code no teacher holds, or not the owner of that course.
  REFERRAL_NOT_FOUND: 404,
  // Captions: a file past the size cap; one that is neither WebVTT nor SRT; a malformed cue, or one
  // timed past the video's end (both name the line in `fields.line`).
  CAPTIONS_TOO_LARGE: 413,
  CAPTIONS_UNREADABLE: 422,
  CAPTIONS_CUE_INVALID: 422,
  CAPTIONS_CUE_OUTSIDE_VIDEO: 422,
  CAPTIONS_NOT_FOUND: 404,
  // A public teacher profile: no such account, a disabled one, or one with no active course.
  TEACHER_NOT_FOUND: 404,
  // Quizzes: no attempt left, a wait between attempts not over (`fields.nextAttemptAt` holds when it ends), a quiz without
  // questions, an attempt already submitted (or whose time ran out), one still in progress, an attempt of nobody else's.
  QUIZ_NO_ATTEMPTS_LEFT: 409,
  QUIZ_WAIT: 409,
  QUIZ_HAS_NO_QUESTIONS: 409,
  QUIZ_ATTEMPT_SUBMITTED: 409,
  QUIZ_ATTEMPT_IN_PROGRESS: 409,
  QUIZ_ATTEMPT_NOT_FOUND: 404,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/**
 * Field errors name the field and carry message keys, `validation.<name>` (e.g.
 * `validation.passwordUppercase`): the `<name>` text of the web's `validation` catalogue, so the
 * client shows them in the reader's language.
 */
export type FieldErrors = Record<string, string[]>;

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
};
