import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { quizLimits } from '../../../../shared/limits';
import { newItemId, type DraftErrors, type DraftQuestion } from '../lib/quiz-draft';

type Props = {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: DraftErrors;
  choicesMax: number;
  onChange: (question: DraftQuestion) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
};

/** Moves the element at `index` by one place. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

function ErrorText({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <Text c="red.8" size="sm" id={id}>
      {message}
    </Text>
  );
}

/**
 * One question of the quiz editor: its prompt, points, explanation and what each type needs.
 * Memoised: typing in one question of a long quiz draws that question again, not every one.
 */
export const QuestionEditor = memo(function QuestionEditor({ question, index, count, errors, choicesMax, onChange, onMove, onRemove }: Props) {
  const { t, i18n } = useTranslation('quizzes');
  const number = index + 1;
  const error = (path: string) => errors.get(`questions.${index}${path ? `.${path}` : ''}`);
  const decimalSeparator = i18n.language.startsWith('es') ? ',' : '.';
  const headingId = `question-${question.id}-title`;
  const typeName = t(`types.${question.type}`);

  return (
    <Paper component="li" withBorder p="md" radius="md" style={{ listStyle: 'none' }} aria-labelledby={headingId} data-question-id={question.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {t('editor.questionHeading', { number, name: typeName })}
          </Title>
          <Group gap={4}>
            <Button size="compact-xs" variant="subtle" disabled={index === 0} onClick={() => onMove(index, -1)} aria-label={t('editor.moveQuestionUp', { number })}>
              {t('editor.up')}
            </Button>
            <Button size="compact-xs" variant="subtle" disabled={index === count - 1} onClick={() => onMove(index, 1)} aria-label={t('editor.moveQuestionDown', { number })}>
              {t('editor.down')}
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRemove(index)} aria-label={t('editor.removeQuestion', { number })}>
              {t('editor.remove')}
            </Button>
          </Group>
        </Group>
        <ErrorText message={error('')} />
        <Textarea
          label={t('editor.prompt')}
          description={t('editor.markdownHint', { number: quizLimits.promptMax })}
          value={question.prompt}
          maxLength={quizLimits.promptMax}
          rows={3}
          required
          error={error('prompt')}
          onChange={(event) => onChange({ ...question, prompt: event.currentTarget.value })}
        />
        <TypeFields question={question} number={number} error={error} choicesMax={choicesMax} decimalSeparator={decimalSeparator} onChange={onChange} />
        <NumberInput
          label={t('editor.points')}
          value={question.points}
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          required
          error={error('points')}
          onChange={(points) => onChange({ ...question, points })}
          style={{ maxWidth: 160 }}
        />
        <Textarea
          label={t('editor.explanation')}
          description={t('editor.explanationHint')}
          value={question.explanation}
          maxLength={quizLimits.explanationMax}
          rows={3}
          error={error('explanation')}
          onChange={(event) => onChange({ ...question, explanation: event.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
});

type FieldsProps = {
  question: DraftQuestion;
  number: number;
  error: (path: string) => string | undefined;
  choicesMax: number;
  decimalSeparator: string;
  onChange: (question: DraftQuestion) => void;
};

function TypeFields({ question, number, error, choicesMax, decimalSeparator, onChange }: FieldsProps) {
  const { t } = useTranslation('quizzes');
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const setChoices = (choices: typeof question.choices) => onChange({ ...question, choices });
      const taken = new Set(question.choices.map((choice) => choice.id));
      return (
        <Stack gap="xs" role="group" aria-label={t('editor.choicesOf', { number })}>
          <Text size="sm" fw={500}>
            {question.type === 'single' ? t('editor.choicesSingle') : t('editor.choicesMultiple')}
          </Text>
          {question.choices.map((choice, at) => (
            <Group key={choice.id} gap="xs" wrap="nowrap" align="flex-start">
              {question.type === 'single' ? (
                <Radio
                  mt={8}
                  name={`question-${question.id}-right`}
                  checked={choice.correct}
                  aria-label={t('editor.rightChoice', { number: at + 1 })}
                  onChange={() => setChoices(question.choices.map((other) => ({ ...other, correct: other.id === choice.id })))}
                />
              ) : (
                <Checkbox
                  mt={8}
                  checked={choice.correct}
                  aria-label={t('editor.rightChoice', { number: at + 1 })}
                  onChange={(event) => {
                    const correct = event.currentTarget.checked;
                    setChoices(question.choices.map((other) => (other.id === choice.id ? { ...other, correct } : other)));
                  }}
                />
              )}
              <TextInput
                style={{ flex: 1 }}
                label={t('editor.choice', { number: at + 1 })}
                value={choice.text}
                maxLength={quizLimits.choiceTextMax}
                required
                error={error(`choices.${at}.text`)}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setChoices(question.choices.map((other) => (other.id === choice.id ? { ...other, text } : other)));
                }}
              />
              <ActionIcon
                mt={28}
                variant="subtle"
                color="red"
                disabled={question.choices.length <= 2}
                aria-label={t('editor.removeChoice', { number: at + 1 })}
                onClick={() => setChoices(question.choices.filter((other) => other.id !== choice.id))}
              >
                <span aria-hidden="true">×</span>
              </ActionIcon>
            </Group>
          ))}
          <ErrorText message={error('choices')} />
          <Button
            size="compact-sm"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            disabled={question.choices.length >= choicesMax}
            onClick={() => setChoices([...question.choices, { id: newItemId(taken), text: '', correct: false }])}
          >
            {t('editor.addChoice')}
          </Button>
          {question.type === 'multiple' ? (
            <Radio.Group label={t('editor.scoring')} value={question.scoring} onChange={(scoring) => onChange({ ...question, scoring: scoring as typeof question.scoring })}>
              <Stack gap={4} mt={4}>
                <Radio value="all-or-nothing" label={t('editor.scoringAllOrNothing')} />
                <Radio value="partial" label={t('editor.scoringPartial')} />
              </Stack>
            </Radio.Group>
          ) : null}
        </Stack>
      );
    }
    case 'true-false':
      return (
        <Radio.Group label={t('editor.rightAnswer')} value={String(question.correct)} onChange={(value) => onChange({ ...question, correct: value === 'true' })}>
          <Group gap="md" mt={4}>
            <Radio value="true" label={t('true')} />
            <Radio value="false" label={t('false')} />
          </Group>
        </Radio.Group>
      );
    case 'short-answer': {
      const answers = question.acceptedAnswers;
      const set = (acceptedAnswers: string[]) => onChange({ ...question, acceptedAnswers });
      return (
        <Stack gap="xs" role="group" aria-label={t('editor.acceptedAnswersOf', { number })}>
          <Text size="sm" fw={500}>
            {t('editor.acceptedAnswers')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('editor.foldingNote')}
          </Text>
          {answers.map((answer, at) => (
            <Group key={at} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                label={t('editor.acceptedAnswer', { number: at + 1 })}
                value={answer}
                maxLength={quizLimits.answerTextMax}
                required
                error={error(`acceptedAnswers.${at}`)}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  set(answers.map((other, i) => (i === at ? text : other)));
                }}
              />
              <ActionIcon mt={28} variant="subtle" color="red" disabled={answers.length <= 1} aria-label={t('editor.removeAcceptedAnswer', { number: at + 1 })} onClick={() => set(answers.filter((_, i) => i !== at))}>
                <span aria-hidden="true">×</span>
              </ActionIcon>
            </Group>
          ))}
          <ErrorText message={error('acceptedAnswers')} />
          <Button size="compact-sm" variant="light" style={{ alignSelf: 'flex-start' }} disabled={answers.length >= quizLimits.acceptedAnswersMax} onClick={() => set([...answers, ''])}>
            {t('editor.addAcceptedAnswer')}
          </Button>
        </Stack>
      );
    }
    case 'numeric':
      return (
        <Group gap="md" align="flex-start">
          <NumberInput
            label={t('editor.numericAnswer')}
            value={question.answer}
            decimalSeparator={decimalSeparator}
            required
            error={error('answer')}
            onChange={(answer) => onChange({ ...question, answer })}
          />
          <NumberInput
            label={t('editor.tolerance')}
            description={t('editor.toleranceHint')}
            value={question.tolerance}
            decimalSeparator={decimalSeparator}
            min={0}
            allowNegative={false}
            required
            error={error('tolerance')}
            onChange={(tolerance) => onChange({ ...question, tolerance })}
          />
        </Group>
      );
    case 'ordering': {
      const items = question.items;
      const set = (next: typeof items) => onChange({ ...question, items: next });
      const taken = new Set(items.map((item) => item.id));
      return (
        <Stack gap="xs" role="group" aria-label={t('editor.itemsOf', { number })}>
          <Text size="sm" fw={500}>
            {t('editor.itemsInOrder')}
          </Text>
          {items.map((item, at) => (
            <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                label={t('editor.item', { number: at + 1 })}
                value={item.text}
                maxLength={quizLimits.choiceTextMax}
                required
                error={error(`items.${at}.text`)}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  set(items.map((other) => (other.id === item.id ? { ...other, text } : other)));
                }}
              />
              <Group gap={2} mt={26} wrap="nowrap">
                <ActionIcon variant="subtle" disabled={at === 0} aria-label={t('editor.moveItemUp', { number: at + 1 })} onClick={() => set(moved(items, at, -1))}>
                  <span aria-hidden="true">↑</span>
                </ActionIcon>
                <ActionIcon variant="subtle" disabled={at === items.length - 1} aria-label={t('editor.moveItemDown', { number: at + 1 })} onClick={() => set(moved(items, at, 1))}>
                  <span aria-hidden="true">↓</span>
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" disabled={items.length <= 2} aria-label={t('editor.removeItem', { number: at + 1 })} onClick={() => set(items.filter((other) => other.id !== item.id))}>
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </Group>
            </Group>
          ))}
          <ErrorText message={error('items')} />
          <Button size="compact-sm" variant="light" style={{ alignSelf: 'flex-start' }} disabled={items.length >= choicesMax} onClick={() => set([...items, { id: newItemId(taken), text: '' }])}>
            {t('editor.addItem')}
          </Button>
        </Stack>
      );
    }
  }
}
