import { Avatar, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useAdminCourses } from '../api/get-admin-courses';
import { adminOnly, AdminPage, Pager, SearchBox, StatusSelect, ListState, useListParams } from '../../admin';
import { DataTable } from '../../../components/data-table';

/** /admin/cursos — active or disabled courses: image, title, teacher and an Edit button. */
function CoursesScreen() {
  const { t } = useTranslation('admin');
  const list = useListParams();
  const courses = useAdminCourses({ status: list.status, q: list.q, page: list.page });
  const rows = courses.data?.items ?? [];
  return (
    <AdminPage title={t('courses.title')}>
      <Group align="flex-end" mb="md" wrap="wrap">
        <StatusSelect value={list.status} onChange={list.setStatus} />
        <SearchBox value={list.q} onSearch={list.setQ} label={t('courses.search')} />
      </Group>
      <ListState isPending={courses.isPending} error={courses.error} isEmpty={rows.length === 0} emptyText={t('courses.empty')} />
      <DataTable
        columns={[
          {
            key: 'image',
            header: t('courses.columns.image'),
            phone: 'plain',
            cell: (course) => (
              <Avatar src={course.imageUrl} alt="" radius="sm" size="lg">
                {course.title.slice(0, 1)}
              </Avatar>
            ),
          },
          { key: 'title', header: t('courses.columns.title'), cell: (course) => <Text fw={600}>{course.title}</Text> },
          { key: 'teacher', header: t('courses.columns.teacher'), cell: (course) => course.teacherName },
          {
            key: 'action',
            header: t('courses.columns.action'),
            phone: 'plain',
            cell: (course) => (
              <Button component={Link} to={paths.adminCourse(course.id)} size="xs" variant="light" aria-label={t('courses.editNamed', { title: course.title })}>
                {t('courses.edit')}
              </Button>
            ),
          },
        ]}
        rows={rows}
        rowKey={(course) => course.id}
        minWidth={480}
        striped
        verticalSpacing="sm"
        label={t('courses.title')}
      />
      <Pager page={list.page} pageCount={courses.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminCoursesPage = adminOnly(CoursesScreen);
