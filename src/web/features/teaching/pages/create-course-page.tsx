import { Button, Container, Input, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { createCourseSchema, type CreateCourse } from '../../../../shared/schemas/courses';
import { showDialog } from '../../../components/dialogs';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { CourseForm } from '../../../entities/courses/course-form';
import { courseFormErrorsFromServer, emptyCourseForm, useCourseForm } from '../../../entities/courses/use-course-form';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCreateCourse } from '../api/create-course';
import { useCategories } from '../../../entities/courses/get-categories';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';
import { VideoUploader, useVideoUploads } from '../../media';

function CreateCourseForm({ teacherName }: { teacherName: string }) {
  const { t } = useTranslation('teaching');
  const navigate = useNavigate();
  const categories = useCategories();
  const uploads = useVideoUploads();
  const createCourse = useCreateCourse();
  const videoIds = uploads.videos.map((video) => video.id);
  const form = useCourseForm(createCourseSchema, emptyCourseForm(teacherName), () => ({ videoIds }));
  const introTooLong = (uploads.videos[0]?.durationSeconds ?? 0) > limits.introMaxSeconds;
  const canSubmit = form.isValid() && !introTooLong && !uploads.isUploading && !createCourse.isPending;
  const videosError = form.errors.videoIds;

  const save = (course: CreateCourse) => {
    if (!canSubmit) return;
    createCourse.mutate(course, {
      onSuccess: async () => {
        toast.success(t('create.toast'));
        form.reset();
        await showDialog({ icon: 'success', title: t('create.success.title'), text: t('create.success.text') });
        await navigate(paths.home());
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) form.setErrors(courseFormErrorsFromServer(error.fields));
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <CourseForm form={form} onSubmit={form.onSubmit(save)} categories={categories.data?.items ?? []} label={t('create.title')}>
      <Input.Wrapper label={t('fields.videos')} required error={videosError ? fieldErrorMessage(String(videosError)) : undefined}>
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
    </CourseForm>
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
