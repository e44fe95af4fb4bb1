import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../../shared/languages';
import type { GradedQuestion, QuestionAnswer, QuizAttemptResult } from '../../../../shared/schemas/quizzes';
import { numberFormat } from '../../../lib/intl-formats';

const outcomeColors: Record<GradedQuestion['outcome'], string> = { right: 'teal', partial: 'yellow', wrong: 'red', unanswered: 'gray' };

/** Hundredths of a point, as the reader's language writes points ("1,5"). */
export const pointsText = (hundredths: number, language: string) => numberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(hundredths / 100);

/** A submitted attempt: the score against the passing one, and each question with the learner's answer, the right one and the explanation. */
export function QuizResultView({ result, passingPercent, onBack }: { result: QuizAttemptResult; passingPercent: number; onBack: () => void }) {
  const { t, i18n } = useTranslation('quizzes');
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces the attempt: reading goes on from its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" component="section" aria-labelledby="quiz-result-title">
      <Title order={3} size="h4" id="quiz-result-title" ref={heading} tabIndex={-1}>
        {t('result.title', { number: result.number })}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={700} size="lg">
              {t('result.score', { amount: t('result.pointsOf', { number: pointsText(result.earned, i18n.language), count: result.possible / 100 }), percent: result.percent })}
            </Text>
            <Badge color={result.passed ? 'teal' : 'red'} variant="light" size="lg">
              {result.passed ? t('passed') : t('failed')}
            </Badge>
          </Group>
          <Text size="sm">{t('result.passingScore', { percent: passingPercent })}</Text>
          {result.late ? <Alert color="orange">{t('result.late')}</Alert> : null}
        </Stack>
      </Paper>
      <Stack component="ol" gap="sm" p={0} m={0} aria-label={t('result.questions')}>
        {result.questions.map((question, index) => (
          <GradedQuestionView key={question.id} question={question} number={index + 1} />
        ))}
      </Stack>
      <Group>
        <Button onClick={onBack}>{t('result.back')}</Button>
      </Group>
    </Stack>
  );
}

function GradedQuestionView({ question, number }: { question: GradedQuestion; number: number }) {
  const { t, i18n } = useTranslation('quizzes');
  const outcome = t(`result.outcomes.${question.outcome}`);
  return (
    <Paper component="li" withBorder p="md" radius="md" style={{ listStyle: 'none' }} aria-label={t('result.questionLabel', { number, name: outcome })}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Text fw={700}>{t('result.questionHeading', { number })}</Text>
          <Group gap="xs">
            <Badge color={outcomeColors[question.outcome]} variant="light">
              {outcome}
            </Badge>
            <Text size="sm">{t('result.pointsOf', { number: pointsText(question.earned, i18n.language), count: question.points })}</Text>
          </Group>
        </Group>
        <Typography>
          <div className="lesson-text" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
        </Typography>
        <div>
          <Text size="sm" fw={600}>
            {t('result.yourAnswer')}
          </Text>
          <AnswerText question={question} answer={question.answer} />
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t('result.rightAnswer')}
          </Text>
          <RightAnswerText question={question} />
        </div>
        {question.explanationHtml ? (
          <div>
            <Text size="sm" fw={600}>
              {t('result.explanation')}
            </Text>
            <Typography>
              {/* Rendered from Markdown and sanitised on the server, as a text lesson's. */}
              <div className="lesson-text" dangerouslySetInnerHTML={{ __html: question.explanationHtml }} />
            </Typography>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

const textsOf = (list: { id: string; text: string }[] | null, ids: string[]) => {
  const byId = new Map((list ?? []).map((item) => [item.id, item.text]));
  return ids.map((id) => byId.get(id) ?? id);
};

function AnswerText({ question, answer }: { question: GradedQuestion; answer: QuestionAnswer | null }) {
  const { t, i18n } = useTranslation('quizzes');
  if (!answer) return <Text size="sm">{t('result.noAnswer')}</Text>;
  switch (answer.type) {
    case 'single':
      return <Text size="sm">{textsOf(question.choices, [answer.choiceId])[0]}</Text>;
    case 'multiple':
      return <TextList items={textsOf(question.choices, answer.choiceIds)} />;
    case 'true-false':
      return <Text size="sm">{answer.value ? t('true') : t('false')}</Text>;
    case 'short-answer':
      return <Text size="sm">{answer.text}</Text>;
    case 'numeric':
      return <Text size="sm">{numberFormat(localeOf(i18n.language), { maximumFractionDigits: 10 }).format(answer.value)}</Text>;
    case 'ordering':
      return <TextList items={textsOf(question.items, answer.itemIds)} ordered />;
  }
}

function RightAnswerText({ question }: { question: GradedQuestion }) {
  const { t, i18n } = useTranslation('quizzes');
  const right = question.rightAnswer;
  if ('choiceIds' in right) return <TextList items={textsOf(question.choices, right.choiceIds)} />;
  if ('value' in right) return <Text size="sm">{right.value ? t('true') : t('false')}</Text>;
  if ('acceptedAnswers' in right) return <TextList items={right.acceptedAnswers} />;
  if ('answer' in right) {
    const format = numberFormat(localeOf(i18n.language), { maximumFractionDigits: 10 });
    return <Text size="sm">{right.tolerance > 0 ? t('result.numberWithin', { number: format.format(right.answer), amount: format.format(right.tolerance) }) : format.format(right.answer)}</Text>;
  }
  return <TextList items={textsOf(question.items, right.itemIds)} ordered />;
}

function TextList({ items, ordered = false }: { items: string[]; ordered?: boolean }) {
  if (items.length === 1 && !ordered) return <Text size="sm">{items[0]}</Text>;
  return (
    <List size="sm" type={ordered ? 'ordered' : 'unordered'}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}
