import { Alert, Button, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captionLimits } from '../../../../shared/limits';
import { captionLanguages, type CaptionLanguage } from '../../../../shared/schemas/captions';
import { errorMessage } from '../../../lib/error-message';
import { useChangeLessonCaptions, useLessonCaptions } from '../api/lesson-captions';

type Props = { courseId: number; lessonId: number; title: string };

/**
 * A video lesson's captions, per language: the file attached (its name and cue count) with a
 * button to remove it, or a field to attach a WebVTT or SRT file. The server checks the file
 * cue by cue; its refusal, naming the line, is shown translated under the field.
 */
export function LessonCaptions({ courseId, lessonId, title }: Props) {
  const { t } = useTranslation('teaching');
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <Button variant="subtle" size="compact-xs" onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-label={t('captions.toggleLabel', { title })} style={{ alignSelf: 'flex-start' }}>
        {t('captions.toggle')}
      </Button>
      {open ? <CaptionFiles courseId={courseId} lessonId={lessonId} title={title} /> : null}
    </Stack>
  );
}

function CaptionFiles({ courseId, lessonId, title }: Props) {
  const { t } = useTranslation('teaching');
  const { t: tErrors } = useTranslation('errors');
  const query = useLessonCaptions({ courseId, lessonId });
  const { attach, remove } = useChangeLessonCaptions({ courseId, lessonId });
  const [problem, setProblem] = useState<{ language: CaptionLanguage; message: string } | null>(null);

  if (query.isPending) return <Loader size="xs" aria-label={t('captions.loading')} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;

  const upload = async (language: CaptionLanguage, file: File | null) => {
    setProblem(null);
    if (!file) return;
    // The same cap the server holds to, checked before sending the file.
    if (file.size > captionLimits.maxBytes) {
      setProblem({ language, message: tErrors('codes.CAPTIONS_TOO_LARGE') });
      return;
    }
    try {
      await attach.mutateAsync({ language, fileName: file.name, text: await file.text() });
    } catch (error) {
      setProblem({ language, message: errorMessage(error) });
    }
  };
  const busy = attach.isPending || remove.isPending;

  return (
    <Stack gap="xs" component="section" aria-label={t('captions.sectionLabel', { title })}>
      {captionLanguages.map((language) => {
        const file = query.data.items.find((item) => item.language === language);
        const languageName = t(`captions.languages.${language}`);
        return (
          <Stack key={language} gap={2}>
            {file ? (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{t('captions.attached', { name: languageName, title: file.fileName, count: file.cueCount })}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-xs"
                  disabled={busy}
                  aria-label={t('captions.removeLabel', { name: languageName, title })}
                  onClick={() => void remove.mutateAsync(language).catch((error: unknown) => setProblem({ language, message: errorMessage(error) }))}
                >
                  {t('captions.remove')}
                </Button>
              </Group>
            ) : (
              <FileInput
                size="xs"
                label={t('captions.fileLabel', { name: languageName })}
                description={t('captions.fileHint')}
                placeholder={t('captions.choose')}
                accept=".vtt,.srt,text/vtt"
                clearable={false}
                disabled={busy}
                value={null}
                onChange={(chosen) => void upload(language, chosen)}
                error={problem?.language === language ? problem.message : undefined}
              />
            )}
            {file && problem?.language === language ? (
              <Text size="sm" c="red.9" role="alert">
                {problem.message}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
