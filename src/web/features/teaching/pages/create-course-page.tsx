import { Button, Container, Input, Paper, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { createCourseSchema } from '../../../../shared/schemas/courses';
import { showDialog } from '../../../components/dialogs';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCreateCourse } from '../api/create-course';
import { useCategories } from '../api/get-categories';
import { CourseFields } from '../components/course-fields';
import { PageSpinner, SignInNeeded } from '../components/page-states';
import { VideoUploader } from '../components/video-uploader';
import { emptyCourseForm, fieldMessagesFromServer, useCourseForm } from '../lib/course-form';
import { useVideoUploads } from '../lib/use-video-uploads';

function CreateCourseForm({ teacherName }: { teacherName: string }) {
  const { t } = useTranslation('teaching');
  const navigate = useNavigate();
  const categories = useCategories();
  const uploads = useVideoUploads();
  const createCourse = useCreateCourse();
  const videoIds = uploads.videos.map((video) => video.id);
  const form = useCourseForm(createCourseSchema, emptyCourseForm(teacherName), () => ({ videoIds }));
  const introTooLong = (uploads.videos[0]?.durationSeconds ?? 0) > limits.introMaxSeconds;
  const canSubmit = form.isValid && !introTooLong && !uploads.isUploading && !createCourse.isPending;
  const videosError = form.errorOf('videoIds');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.parsed || !canSubmit) {
      form.showAllErrors();
      return;
    }
    createCourse.mutate(form.parsed, {
      onSuccess: async () => {
        toast.success(t('create.toast'));
        form.reset(emptyCourseForm(teacherName));
        await showDialog({ icon: 'success', title: t('create.success.title'), text: t('create.success.text') });
        await navigate(paths.home());
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) form.setServerMessages(fieldMessagesFromServer(error.fields));
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('create.title')}>
      <Stack gap="lg">
        <CourseFields form={form} categories={categories.data?.items ?? []} />
        <Input.Wrapper label={t('fields.videos')} required error={videosError ? t(videosError as 'validation.videosRequired') : undefined}>
          <Paper withBorder p="md" radius="md" mt={4}>
            <VideoUploader uploads={uploads} />
          </Paper>
        </Input.Wrapper>
        {!canSubmit && !createCourse.isPending ? (
          <Text size="sm" c="dimmed">
            {t('create.incomplete')}
          </Text>
        ) : null}
        <Button type="submit" size="md" disabled={!canSubmit} loading={createCourse.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('create.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** /form — create a course with its two videos (spec sections 2, 4, 5). */
export function CreateCoursePage() {
  const { t } = useTranslation('teaching');
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('create.title')} text={t('create.signInNeeded')} />;
  return (
    <Container size="md" py="xl">
      <PageTitle title={t('create.title')} />
      <CreateCourseForm teacherName={user.name} />
    </Container>
  );
}
