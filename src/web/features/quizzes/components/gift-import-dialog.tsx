import { Alert, Button, FileButton, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftImportResult } from '../../../../shared/endpoints/quizzes';
import type { QuestionDefinition } from '../../../../shared/schemas/quizzes';
import { useReadQuizGift } from '../api/quiz-editing';
import { errorMessage } from '../../../lib/error-message';

/** The most a GIFT text may hold, as the API takes it (`giftImportInput`). */
export const giftTextMax = 200_000;

type Props = { courseId: number; lessonId: number; opened: boolean; onClose: () => void; onAdd: (questions: QuestionDefinition[]) => void };

/**
 * Reads a GIFT text (pasted, or a .gift/.txt file read in the browser) into questions on the
 * server, shows what it found and the problems by line, and hands the questions to the editor,
 * which adds them to the draft (saved with the quiz).
 */
export function GiftImportDialog({ courseId, lessonId, opened, onClose, onAdd }: Props) {
  const { t, i18n } = useTranslation('quizzes');
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [found, setFound] = useState<GiftImportResult | null>(null);
  const read = useReadQuizGift({ courseId, lessonId });
  // The server names each problem by a key (`gift.unclosedAnswers`); one this page does not know shows as sent.
  const problemText = (key: string) => {
    const name = key.replace(/^gift\./, '');
    return i18n.exists(`quizzes:gift.problemTexts.${name}`) ? t(`gift.problemTexts.${name}` as 'gift.problemTexts.emptyText') : key;
  };

  const close = () => {
    setText('');
    setFound(null);
    setFileError(null);
    read.reset();
    onClose();
  };

  const pick = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    // A file far over the limit is refused before it is read whole.
    if (file.size > giftTextMax * 4) return setFileError(t('gift.tooLong', { number: giftTextMax }));
    const content = await file.text();
    if (content.length > giftTextMax) return setFileError(t('gift.tooLong', { number: giftTextMax }));
    setFound(null);
    setText(content);
  };

  const submit = () => {
    if (text.trim() === '' || text.length > giftTextMax) return;
    read.mutate(text, { onSuccess: setFound });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('gift.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('gift.intro')}</Text>
        <Textarea
          label={t('gift.text')}
          value={text}
          rows={8}
          error={text.length > giftTextMax ? t('gift.tooLong', { number: giftTextMax }) : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setFound(null);
          }}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group gap="xs">
          <FileButton onChange={(file) => void pick(file)} accept=".gift,.txt,text/plain">
            {(props) => (
              <Button {...props} variant="light" size="compact-sm">
                {t('gift.pickFile')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('gift.fileHint', { number: giftTextMax })}
          </Text>
        </Group>
        {fileError ? (
          <Alert color="red" role="alert">
            {fileError}
          </Alert>
        ) : null}
        {read.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(read.error)}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={submit} loading={read.isPending} disabled={text.trim() === '' || text.length > giftTextMax}>
            {t('gift.read')}
          </Button>
        </Group>
        {found ? (
          <Stack gap="xs" role="status">
            <Text fw={600}>{t('gift.found', { count: found.questions.length })}</Text>
            {found.questions.length > 0 ? (
              <List size="sm" type="ordered">
                {found.questions.map((question) => (
                  <List.Item key={question.id}>
                    {t(`types.${question.type}`)}: {question.prompt.length > 120 ? `${question.prompt.slice(0, 120)}…` : question.prompt}
                  </List.Item>
                ))}
              </List>
            ) : null}
            {found.problems.length > 0 ? (
              <>
                <Text fw={600} c="orange.9">
                  {t('gift.problems', { count: found.problems.length })}
                </Text>
                <List size="sm">
                  {found.problems.map((problem, index) => (
                    <List.Item key={index}>{t('gift.problem', { line: problem.line, reason: problemText(problem.message) })}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
            <Group>
              <Button
                disabled={found.questions.length === 0}
                onClick={() => {
                  onAdd(found.questions);
                  close();
                }}
              >
                {t('gift.add', { count: found.questions.length })}
              </Button>
              <Button variant="default" onClick={close}>
                {t('editor.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
