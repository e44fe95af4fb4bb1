import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { editCourseSchema, type CourseForEdit, type EditCourse } from '../../../../shared/schemas/courses';
import { showDialog } from '../../../components/dialogs';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { CourseForm } from '../../../entities/courses/course-form';
import { courseFormErrorsFromServer, courseFormFrom, useCourseForm } from '../../../entities/courses/use-course-form';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCourseForEdit } from '../api/get-course-for-edit';
import { useUpdateCourse } from '../api/update-course';
import { useCourseVideoProcessing, useRetryVideoProcessing, VideoProcessingBadges } from '../../media';
import { CurriculumEditor } from '../../curriculum';
import { CertificateRulesEditor } from '../components/certificate-rules-editor';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';

/** In the form every field must be filled (the API also takes a subset). */
const editFormSchema = editCourseSchema.required();

function EditCourseForm({ course }: { course: CourseForEdit }) {
  const { t } = useTranslation('teaching');
  const navigate = useNavigate();
  const updateCourse = useUpdateCourse();
  const form = useCourseForm(editFormSchema, courseFormFrom(course));
  const canSubmit = form.isValid() && !updateCourse.isPending;

  const save = (changes: EditCourse) => {
    if (!canSubmit) return;
    updateCourse.mutate(
      { id: course.id, changes },
      {
        onSuccess: async () => {
          await showDialog({ icon: 'success', title: t('edit.success.title'), text: t('edit.success.text') });
          await navigate(paths.coursesCreated());
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) form.setErrors(courseFormErrorsFromServer(error.fields));
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <CourseForm form={form} onSubmit={form.onSubmit(save)} label={t('edit.title')}>
      <Button type="submit" size="md" disabled={!canSubmit} loading={updateCourse.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('edit.submit')}
      </Button>
    </CourseForm>
  );
}

/** /course/editcourse/:id — the owner (or an admin) edits a course (spec sections 2 and 5). */
export function EditCoursePage() {
  const { t } = useTranslation('teaching');
  const courseId = Number(useParams().id);
  const { user, isPending } = useSession();
  const query = useCourseForEdit(courseId, { enabled: Boolean(user) });
  const processing = useCourseVideoProcessing(courseId, { enabled: Boolean(user) && query.isSuccess });
  const retry = useRetryVideoProcessing();

  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('edit.title')} text={t('edit.signInNeeded')} />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : 'UNKNOWN';
    if (code === 'COURSE_NOT_FOUND' || code === 'NOT_FOUND') return <NotFound text={t('edit.notFound')} />;
    return (
      <Container size="md" py="xl">
        <PageTitle title={t('edit.title')} />
        <Stack align="flex-start">
          <Alert color={code === 'FORBIDDEN' ? 'orange' : 'red'} role="alert">
            {code === 'FORBIDDEN' ? t('edit.notAllowed') : errorMessage(query.error)}
          </Alert>
          <Button component={Link} to={paths.coursesCreated()} variant="light">
            {t('edit.backToCreated')}
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="md" py="xl">
      <PageTitle title={t('edit.title')} />
      {processing.data ? (
        <VideoProcessingBadges
          items={processing.data.items}
          withLabel
          retrying={retry.isPending}
          onRetry={(position) => retry.mutate({ courseId, position }, { onError: (error) => toast.error(errorMessage(error)) })}
        />
      ) : null}
      <Stack gap="xl">
        <EditCourseForm key={query.data.id} course={query.data} />
        <CurriculumEditor courseId={query.data.id} />
        <CertificateRulesEditor courseId={query.data.id} />
      </Stack>
    </Container>
  );
}
