import { z } from 'zod';
import { certificateCodePattern, normaliseCertificateCode } from '../certificate-code';
import { languages } from '../languages';

export const certificateCodeSchema = z
  .string()
  .max(20)
  .transform(normaliseCertificateCode)
  .pipe(z.string().regex(certificateCodePattern))
  .describe('A certificate code: XXXX-XXXX-XXXX in Crockford base32');

/**
 * The course's certificate rules as the learner met them, frozen at issue: each required quiz
 * (its title then) with the learner's best percent, each required assignment passed.
 */
// Inlined in the OpenAPI document (no component id): a nullable reference would need a type beside it.
export const certificateAchievementsSchema = z.object({
  quizzes: z.array(z.object({ title: z.string(), percent: z.number().int().min(0).max(100) })),
  assignments: z.array(z.object({ title: z.string() })),
});
export type CertificateAchievements = z.infer<typeof certificateAchievementsSchema>;

/** Fields every certificate answer adds for the rules; null on certificates issued before rules existed, or without a required quiz (the score). */
const certifiedRules = {
  /** The quizzes and assignments its course's rules required, as met at issue; null on a certificate issued before rules existed. */
  achievements: certificateAchievementsSchema.nullable(),
  /** The final score, 0 to 100: the required quizzes' best percents weighted by their possible points, rounded half up; null without a required quiz. */
  finalScore: z.number().int().min(0).max(100).nullable(),
};

export const certificateStates = ['valid', 'revoked'] as const;
export type CertificateState = (typeof certificateStates)[number];

/** One of my certificates, as issued (what it certifies is frozen at issue) and whether it still stands. */
export const certificateSchema = z
  .object({
    code: z.string(),
    courseId: z.number().int(),
    courseTitle: z.string(),
    learnerName: z.string(),
    teacherName: z.string(),
    /** The language of its PDF: the learner's at issue. */
    language: z.enum(languages),
    issuedAt: z.iso.datetime({ offset: true }),
    state: z.enum(certificateStates),
    /** Set when a refund revoked it. */
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    /** What the server saw at issue: the lessons done, and the seconds of video it saw played (null on certificates issued before it was recorded). */
    lessonsCompleted: z.number().int().nullable(),
    videoSecondsWatched: z.number().int().nullable(),
    ...certifiedRules,
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

export const myCertificatesResponse = z.object({ items: z.array(certificateSchema) }).meta({ id: 'MyCertificates' });

/** What anyone holding a certificate's code may read: what it certifies and whether it still stands; nothing else of the learner. */
export const certificateVerificationSchema = z
  .object({
    code: z.string(),
    learnerName: z.string(),
    courseId: z.number().int(),
    courseTitle: z.string(),
    teacherName: z.string(),
    issuedAt: z.iso.datetime({ offset: true }),
    state: z.enum(certificateStates),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    /** What the server saw at issue: the lessons done, and the seconds of video it saw played (null on certificates issued before it was recorded). */
    lessonsCompleted: z.number().int().nullable(),
    videoSecondsWatched: z.number().int().nullable(),
    ...certifiedRules,
  })
  .meta({ id: 'CertificateVerification' });
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** A quiz or assignment lesson of the course, as the certificate rules' editor lists it, and whether the certificate requires it. */
const ruleQuiz = z.object({
  lessonId: z.number().int(),
  title: z.string(),
  /** The quiz's own passing score (its current version's): the minimum when none is chosen. */
  passingPercent: z.number().int().min(0).max(100),
  required: z.boolean(),
  /** The best percent the certificate asks for; null when not required. */
  minPercent: z.number().int().min(0).max(100).nullable(),
});
const ruleAssignment = z.object({ lessonId: z.number().int(), title: z.string(), required: z.boolean() });

/** A course's certificate rules with every quiz and assignment lesson it could require, in the curriculum's order. */
export const certificateRulesSchema = z
  .object({ courseId: z.number().int(), quizzes: z.array(ruleQuiz), assignments: z.array(ruleAssignment) })
  .meta({ id: 'CertificateRules' });
export type CertificateRules = z.infer<typeof certificateRulesSchema>;

/**
 * What the owner sets: the quiz lessons required (each with its minimum percent, the quiz's own
 * passing score when left out) and the assignment lessons whose review must pass. Every lesson
 * done is always required. Each lesson must be a quiz or assignment lesson of the course, so the
 * course's lesson cap (at most CURRICULUM_MAX_LESSONS, itself at most 10,000) bounds the lists.
 */
export const certificateRulesInput = z
  .object({
    quizzes: z
      .array(z.object({ lessonId: z.number().int().positive(), minPercent: z.number().int().min(0).max(100).optional() }))
      .max(10_000),
    assignmentLessonIds: z.array(z.number().int().positive()).max(10_000),
  });
export type CertificateRulesInput = z.infer<typeof certificateRulesInput>;

/** A rule a learner who did every lesson has not met yet: what the player says is left before the certificate. */
export const certificateRuleMissingSchema = z.object({
  kind: z.enum(['quiz', 'assignment']),
  lessonId: z.number().int(),
  title: z.string(),
  /** The quiz's minimum percent; null for an assignment. */
  minPercent: z.number().int().nullable(),
});
export type CertificateRuleMissing = z.infer<typeof certificateRuleMissingSchema>;
