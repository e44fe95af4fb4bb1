import { Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { AdminCourseDetail } from '../../../../shared/schemas/admin';
import { editCourseSchema, type EditCourse } from '../../../../shared/schemas/courses';
import { showDialog } from '../../../components/dialogs';
import { NotFound } from '../../../components/not-found';
import { StarRating } from '../../../components/star-rating';
import { CourseForm } from '../../../entities/courses/course-form';
import { courseFormErrorsFromServer, courseFormFrom, useCourseForm } from '../../../entities/courses/use-course-form';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAdminCourse } from '../api/get-admin-course';
import { useSetCourseStatus } from '../api/set-course-status';
import { useUpdateCourse } from '../api/update-admin-course';
import { adminOnly, AdminPage, confirmAndRun, ListState } from '../../admin';

/** The admin's edit asks for every field, as the teacher's does (the API also takes a subset). */
const adminEditSchema = editCourseSchema.required();

/** The teacher's course form; the save adds the admin's audit entry (server side), and submit stays disabled until the rules hold. */
function CourseEditForm({ course }: { course: AdminCourseDetail }) {
  const { t } = useTranslation('admin');
  const update = useUpdateCourse(course.id);
  const form = useCourseForm(adminEditSchema, courseFormFrom(course));

  const save = async (changes: EditCourse) => {
    try {
      await update.mutateAsync(changes);
      await showDialog({ icon: 'success', title: t('done.courseEdited.title'), text: t('done.courseEdited.text') });
    } catch (failure) {
      if (isApiError(failure) && failure.fields) form.setErrors(courseFormErrorsFromServer(failure.fields));
      await showDialog({ icon: 'error', title: errorMessage(failure) });
    }
  };

  return (
    <CourseForm form={form} onSubmit={form.onSubmit(save)}>
      <Group justify="flex-end">
        <Button type="submit" disabled={!form.isValid()} loading={update.isPending}>
          {t('courseForm.submit')}
        </Button>
      </Group>
    </CourseForm>
  );
}

/** /admin/cursos/{id} — edit a course, disable it or enable it again (each with its confirmation). */
function CourseScreen() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const course = useAdminCourse(id);
  const setStatus = useSetCourseStatus(id);

  if (isApiError(course.error) && course.error.code === 'COURSE_NOT_FOUND') return <NotFound title={t('courses.notFound')} />;

  const toggle = () => {
    if (!course.data) return;
    const disabled = Boolean(course.data.disabledAt);
    void confirmAndRun({
      title: t('confirm.title'),
      text: disabled ? t('confirm.enable') : t('confirm.disable'),
      confirmLabel: disabled ? t('confirm.confirmEnable') : t('confirm.confirmDisable'),
      cancelLabel: t('confirm.cancel'),
      cancelled: disabled ? t('cancelled.courseStillDisabled') : t('cancelled.courseStillEnabled'),
      done: disabled ? t('done.courseEnabled') : t('done.courseDisabled'),
      action: () => setStatus.mutateAsync(disabled ? 'enable' : 'disable'),
    });
  };

  return (
    <AdminPage title={t('courses.editTitle')} back={{ to: paths.adminCourses(), label: t('courses.back') }}>
      <ListState isPending={course.isPending} error={course.error} isEmpty={false} emptyText="" />
      {course.data ? (
        <Stack gap="lg">
          <Paper withBorder p="md">
            <Group wrap="wrap" align="center">
              <Image src={course.data.imageUrl || '/covers/default.svg'} alt="" w={120} h={72} radius="sm" fit="cover" />
              <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                <Text fw={700}>{course.data.title}</Text>
                <Text size="sm">
                  {t('courses.ownerLine', { name: `${course.data.owner.name} (${course.data.owner.email})`, count: course.data.enrollmentCount })}
                </Text>
                <Group gap="xs">
                  <StarRating average={course.data.ratingAverage} count={course.data.ratingCount} withValue />
                  <Text size="sm">{t('courses.reviewCount', { count: course.data.ratingCount })}</Text>
                </Group>
                <Group gap="xs">
                  <Badge color={course.data.disabledAt ? 'gray' : 'teal'} variant="light">
                    {course.data.disabledAt ? t('status.inactive') : t('status.active')}
                  </Badge>
                  {course.data.disabledAt ? null : (
                    <Text component={Link} to={paths.course(course.data.id)} size="sm" c="blue.8" td="underline">
                      {t('courses.viewInCatalogue')}
                    </Text>
                  )}
                </Group>
              </Stack>
              <Button color={course.data.disabledAt ? 'teal.9' : 'red.9'} onClick={toggle} loading={setStatus.isPending}>
                {course.data.disabledAt ? t('courses.enable') : t('courses.disable')}
              </Button>
            </Group>
          </Paper>
          <CourseEditForm key={`${course.data.id}`} course={course.data} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}

export const AdminCoursePage = adminOnly(CourseScreen);
