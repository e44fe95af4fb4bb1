import { Avatar, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useAdminCourses } from '../api/get-courses';
import { adminOnly } from '../components/admin-only';
import { AdminPage } from '../components/admin-page';
import { Pager, SearchBox, StatusSelect } from '../components/list-controls';
import { ListState } from '../components/list-states';
import { useListParams } from '../components/use-list-params';
import { ResponsiveTable } from '../../../components/responsive-table';

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
      {rows.length > 0 ? (
        <ResponsiveTable minWidth={480} striped verticalSpacing="sm" aria-label={t('courses.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('courses.columns.image')}</Table.Th>
                <Table.Th>{t('courses.columns.title')}</Table.Th>
                <Table.Th>{t('courses.columns.teacher')}</Table.Th>
                <Table.Th>{t('courses.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((course) => (
                <Table.Tr key={course.id}>
                  <Table.Td>
                    <Avatar src={course.imageUrl} alt="" radius="sm" size="lg">
                      {course.title.slice(0, 1)}
                    </Avatar>
                  </Table.Td>
                  <Table.Td data-label={t('courses.columns.title')}>
                    <Text fw={600}>{course.title}</Text>
                  </Table.Td>
                  <Table.Td data-label={t('courses.columns.teacher')}>{course.teacherName}</Table.Td>
                  <Table.Td>
                    <Button
                      component={Link}
                      to={paths.adminCourse(course.id)}
                      size="xs"
                      variant="light"
                      aria-label={t('courses.editNamed', { title: course.title })}
                    >
                      {t('courses.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
      ) : null}
      <Pager page={list.page} pageCount={courses.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminCoursesPage = adminOnly(CoursesScreen);
