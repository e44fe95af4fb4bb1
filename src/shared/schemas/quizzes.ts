import { z } from 'zod';
import { quizLimits } from '../limits';

/**
 * Quizzes: a lesson kind whose questions the server keeps, draws, shuffles and grades. The
 * teacher's definition (with the answers) never reaches a learner; a learner gets an attempt's
 * questions without them, and the answers only in the result of a submitted attempt.
 *
 * Scores are integers in hundredths of a point, so partial credit stays exact; a quiz's
 * percentage is floor(100 × earned / possible), and an attempt passes when that percentage is at
 * least the quiz's passing percentage.
 */

export const questionTypes = ['single', 'multiple', 'true-false', 'short-answer', 'numeric', 'ordering'] as const;
export type QuestionType = (typeof questionTypes)[number];

/** How a multiple-choice question scores: all-or-nothing, or a share per right pick less one per wrong pick (never below 0). */
export const multipleChoiceScorings = ['all-or-nothing', 'partial'] as const;
export type MultipleChoiceScoring = (typeof multipleChoiceScorings)[number];

/** A question's or choice's key, stable across edits of the quiz (a short id the editor or the server gives). */
const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** Question text and explanations are Markdown, rendered and sanitised on the server as text lessons are (images only from the course's own lesson images). */
const markdown = (max: number) => z.string().trim().min(1).max(max);

const choice = z.object({ id: itemId, text: z.string().trim().min(1).max(quizLimits.choiceTextMax), correct: z.boolean() });
const orderingItem = z.object({ id: itemId, text: z.string().trim().min(1).max(quizLimits.choiceTextMax) });

const questionBase = {
  id: itemId,
  prompt: markdown(quizLimits.promptMax),
  /** Whole points, 1–100; the score earned is in hundredths of them. */
  points: z.number().int().min(1).max(100),
  /** Shown with the result, after the attempt; null for none. */
  explanation: markdown(quizLimits.explanationMax).nullable(),
};

/**
 * A question as the teacher defines it, answers included. The choice and item counts are bounded
 * by `quizLimits.choicesMax` here; the server also checks its own setting (QUIZ_MAX_CHOICES).
 */
export const questionDefinition = z
  .discriminatedUnion('type', [
    z.object({ ...questionBase, type: z.literal('single'), choices: z.array(choice).min(2).max(quizLimits.choicesMax) }),
    z.object({
      ...questionBase,
      type: z.literal('multiple'),
      choices: z.array(choice).min(2).max(quizLimits.choicesMax),
      scoring: z.enum(multipleChoiceScorings),
    }),
    z.object({ ...questionBase, type: z.literal('true-false'), correct: z.boolean() }),
    z.object({
      ...questionBase,
      type: z.literal('short-answer'),
      /** Compared after folding case, accents and runs of spaces: "Árbol " matches "arbol". */
      acceptedAnswers: z.array(z.string().trim().min(1).max(quizLimits.answerTextMax)).min(1).max(quizLimits.acceptedAnswersMax),
    }),
    z.object({
      ...questionBase,
      type: z.literal('numeric'),
      answer: z.number().finite(),
      /** An answer within ± tolerance of `answer` is right. */
      tolerance: z.number().finite().min(0),
    }),
    z.object({
      ...questionBase,
      type: z.literal('ordering'),
      /** In the right order; shown shuffled. */
      items: z.array(orderingItem).min(2).max(quizLimits.choicesMax),
    }),
  ])
  .superRefine((question, context) => {
    if (question.type === 'single' && question.choices.filter((c) => c.correct).length !== 1) {
      context.addIssue({ code: 'custom', path: ['choices'], message: 'validation.quizSingleOneCorrect' });
    }
    if (question.type === 'multiple' && !question.choices.some((c) => c.correct)) {
      context.addIssue({ code: 'custom', path: ['choices'], message: 'validation.quizMultipleSomeCorrect' });
    }
    const ids = question.type === 'single' || question.type === 'multiple' ? question.choices.map((c) => c.id) : question.type === 'ordering' ? question.items.map((i) => i.id) : [];
    if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', path: ['choices'], message: 'validation.quizDuplicateIds' });
  });
export type QuestionDefinition = z.infer<typeof questionDefinition>;

/** A quiz's rules, as the teacher sets them. */
export const quizSettings = z.object({
  /** 0–100: the percentage an attempt needs to pass. */
  passingPercent: z.number().int().min(0).max(100),
  /** Attempts a learner may start; null for no limit. */
  maxAttempts: z.number().int().min(1).max(quizLimits.maxAttemptsMax).nullable(),
  /** Minutes a learner waits after a submitted attempt before starting another (0: none). */
  waitMinutes: z.number().int().min(0).max(quizLimits.waitMinutesMax),
  /** Kept by the server: an attempt submitted after its deadline is graded as of the deadline. Null: untimed. */
  timeLimitMinutes: z.number().int().min(1).max(quizLimits.timeLimitMinutesMax).nullable(),
  shuffleQuestions: z.boolean(),
  shuffleChoices: z.boolean(),
  /** A pool: each attempt draws this many of the quiz's questions at random. Null: every question. */
  drawCount: z.number().int().min(1).nullable(),
});
export type QuizSettings = z.infer<typeof quizSettings>;

/** A whole quiz as its editor sends it: its rules and its questions. Saving makes a new version; attempts keep the version they took. */
export const quizDefinitionInput = z
  .object({ settings: quizSettings, questions: z.array(questionDefinition).max(quizLimits.questionsMax) })
  .superRefine((quiz, context) => {
    if (new Set(quiz.questions.map((q) => q.id)).size !== quiz.questions.length) {
      context.addIssue({ code: 'custom', path: ['questions'], message: 'validation.quizDuplicateIds' });
    }
    if (quiz.settings.drawCount !== null && quiz.settings.drawCount > quiz.questions.length) {
      context.addIssue({ code: 'custom', path: ['settings', 'drawCount'], message: 'validation.quizDrawCountTooLarge' });
    }
  });
export type QuizDefinitionInput = z.infer<typeof quizDefinitionInput>;

/** A question as a learner sees it during an attempt: no answers, choices and items in the attempt's order. */
export const attemptQuestion = z.object({
  id: itemId,
  type: z.enum(questionTypes),
  /** The prompt's sanitised HTML. */
  promptHtml: z.string(),
  points: z.number().int(),
  /** Single and multiple choice: the choices, without which are right. */
  choices: z.array(z.object({ id: itemId, text: z.string() })).nullable(),
  /** Ordering: the items to put in order, shuffled. */
  items: z.array(z.object({ id: itemId, text: z.string() })).nullable(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestion>;

/** A learner's answer to one question; a question left out is unanswered (scores 0). */
export const questionAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), choiceId: itemId }),
  z.object({ type: z.literal('multiple'), choiceIds: z.array(itemId).max(quizLimits.choicesMax) }),
  z.object({ type: z.literal('true-false'), value: z.boolean() }),
  z.object({ type: z.literal('short-answer'), text: z.string().max(quizLimits.answerTextMax) }),
  z.object({ type: z.literal('numeric'), value: z.number().finite() }),
  z.object({ type: z.literal('ordering'), itemIds: z.array(itemId).max(quizLimits.choicesMax) }),
]);
export type QuestionAnswer = z.infer<typeof questionAnswer>;

/** An attempt's answers by question id, as the player saves or submits them. */
export const attemptAnswersInput = z.object({ answers: z.record(itemId, questionAnswer) });
export type AttemptAnswersInput = z.infer<typeof attemptAnswersInput>;

const isoTime = z.iso.datetime({ offset: true });

/** An attempt in progress: its questions in its order, the answers saved so far, and its deadline (null when untimed). */
export const quizAttemptInProgress = z
  .object({
    attemptId: z.uuid(),
    lessonId: z.number().int(),
    /** 1, 2, …: which of the learner's attempts this is. */
    number: z.number().int(),
    startedAt: isoTime,
    deadline: isoTime.nullable(),
    questions: z.array(attemptQuestion),
    answers: z.record(itemId, questionAnswer),
  })
  .meta({ id: 'QuizAttemptInProgress' });
export type QuizAttemptInProgress = z.infer<typeof quizAttemptInProgress>;

/** One question of a submitted attempt: what the learner answered, what was right, the score and the explanation. */
export const gradedQuestion = attemptQuestion.extend({
  answer: questionAnswer.nullable(),
  /** Hundredths of a point. */
  earned: z.number().int(),
  outcome: z.enum(['right', 'partial', 'wrong', 'unanswered']),
  /** The right answer: the right choices' ids, the true/false value, the accepted answers, the number and its tolerance, or the items' right order. */
  rightAnswer: z.union([
    z.object({ choiceIds: z.array(itemId) }),
    z.object({ value: z.boolean() }),
    z.object({ acceptedAnswers: z.array(z.string()) }),
    z.object({ answer: z.number(), tolerance: z.number() }),
    z.object({ itemIds: z.array(itemId) }),
  ]),
  /** The explanation's sanitised HTML; null when the question has none. */
  explanationHtml: z.string().nullable(),
});
export type GradedQuestion = z.infer<typeof gradedQuestion>;

/** A submitted attempt, graded by the server, as the version of the quiz it took. */
export const quizAttemptResult = z
  .object({
    attemptId: z.uuid(),
    lessonId: z.number().int(),
    number: z.number().int(),
    startedAt: isoTime,
    submittedAt: isoTime,
    /** True when it was submitted after its deadline: it was graded with what was saved by then. */
    late: z.boolean(),
    earned: z.number().int(),
    possible: z.number().int(),
    percent: z.number().int(),
    passed: z.boolean(),
    questions: z.array(gradedQuestion),
  })
  .meta({ id: 'QuizAttemptResult' });
export type QuizAttemptResult = z.infer<typeof quizAttemptResult>;

/** A quiz lesson as its learner sees it before or between attempts. */
export const quizOverview = z
  .object({
    lessonId: z.number().int(),
    title: z.string(),
    settings: quizSettings.omit({ shuffleQuestions: true, shuffleChoices: true }),
    /** Questions each attempt has (the draw count, or every question). */
    questionCount: z.number().int(),
    attempts: z.array(
      z.object({ attemptId: z.uuid(), number: z.number().int(), submittedAt: isoTime.nullable(), percent: z.number().int().nullable(), passed: z.boolean().nullable() }),
    ),
    /** The attempt in progress, if any (resumed rather than started anew). */
    inProgress: z.uuid().nullable(),
    passed: z.boolean(),
    bestPercent: z.number().int().nullable(),
    /** Why no attempt can start now, or null when one can. */
    blockedReason: z.enum(['no-attempts-left', 'wait', 'no-questions']).nullable(),
    /** When the wait ends (with `wait`). */
    nextAttemptAt: isoTime.nullable(),
  })
  .meta({ id: 'QuizOverview' });
export type QuizOverview = z.infer<typeof quizOverview>;

/** A quiz as its editor shows it: the current version's rules and questions, with how many attempts were taken. */
export const editableQuiz = z
  .object({
    lessonId: z.number().int(),
    courseId: z.number().int(),
    title: z.string(),
    version: z.number().int(),
    settings: quizSettings,
    questions: z.array(questionDefinition),
    attemptCount: z.number().int(),
    limits: z.object({ questionsMax: z.number().int(), choicesMax: z.number().int() }),
  })
  .meta({ id: 'EditableQuiz' });
export type EditableQuiz = z.infer<typeof editableQuiz>;

/**
 * How one question did, over every graded attempt that showed it (in any version: a question
 * keeps its id across edits). `right + partial + wrong = shown`; `unanswered` is part of `wrong`.
 */
export const questionStatistics = z.object({
  id: itemId,
  /** As in the newest version that has the question. */
  type: z.enum(questionTypes),
  /** The prompt's Markdown, as in that version. */
  prompt: z.string(),
  /** The newest version with this question; it may be gone from the current one. */
  latestVersion: z.number().int(),
  inCurrentVersion: z.boolean(),
  shown: z.number().int(),
  /** Full credit. */
  right: z.number().int(),
  partial: z.number().int(),
  wrong: z.number().int(),
  unanswered: z.number().int(),
  /**
   * Single and multiple choice: how often each choice was picked in the attempts that got the
   * question wrong (each at most once an attempt), with its text and whether it is right as of
   * the newest version that has it. Null for the other types (no typed answers are shown).
   */
  wrongChoices: z.array(z.object({ id: itemId, text: z.string(), correct: z.boolean(), count: z.number().int() })).nullable(),
  /**
   * p_upper − p_lower (−1…1) over the learners' first attempts: see `quizStatistics`. Null when
   * either group never saw the question.
   */
  discrimination: z.number().min(-1).max(1).nullable(),
});
export type QuestionStatistics = z.infer<typeof questionStatistics>;

/**
 * A quiz's statistics for its teacher: aggregates only, over the graded attempts of every version
 * (submitted, or graded as of their deadline). With fewer than `minLearners` distinct learners
 * there are no numbers at all.
 *
 * Discrimination index: each learner's first graded attempt, learners ranked by its percent
 * (ties by learner id, so the answer is stable); the upper and lower groups are the top and
 * bottom round(27 % × learners) (at least 1). For each question, p is the share of a group's
 * learners shown the question who got it right (full credit); D = p_upper − p_lower.
 */
export const quizStatistics = z
  .discriminatedUnion('enoughLearners', [
    z.object({ enoughLearners: z.literal(false), lessonId: z.number().int(), title: z.string(), minLearners: z.number().int() }),
    z.object({
      enoughLearners: z.literal(true),
      lessonId: z.number().int(),
      title: z.string(),
      minLearners: z.number().int(),
      currentVersion: z.number().int(),
      /** Graded attempts. */
      attempts: z.number().int(),
      learners: z.number().int(),
      passedAttempts: z.number().int(),
      /** Learners with at least one passed attempt. */
      learnersPassed: z.number().int(),
      /** Mean of the attempts' percentages (0–100). */
      averagePercent: z.number(),
      /** Mean of submitted − started, each capped at the attempt's time limit. */
      averageSeconds: z.number(),
      /** The size of each discrimination group. */
      discriminationGroupSize: z.number().int(),
      /** In the current version's order, then the questions no longer in it (newest version first). */
      questions: z.array(questionStatistics),
    }),
  ])
  .meta({ id: 'QuizStatistics' });
export type QuizStatistics = z.infer<typeof quizStatistics>;
