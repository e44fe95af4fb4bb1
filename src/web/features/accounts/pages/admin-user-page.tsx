import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { adminUserEditSchema, type AdminUserDetail } from '../../../../shared/schemas/admin';
import { showDialog } from '../../../components/dialogs';
import { NotFound } from '../../../components/not-found';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useAdminUser } from '../api/get-admin-user';
import { useUpdateUser } from '../api/update-admin-user';
import { useUserAction } from '../api/admin-user-actions';
import { adminOnly, AdminPage, confirmAndRun, ListState } from '../../admin';
import { useCheckedForm } from '../components/use-checked-form';
import { DataTable } from '../../../components/data-table';
import { TeacherSalesReport } from '../../../entities/sales/teacher-sales-report';

/** /admin/user/{id} — "Mis Datos" of a user: edit, disable or enable, make admin; their courses, and a teacher's sales. */
function UserScreen() {
  const { t } = useTranslation('admin');
  const id = useParams().userId ?? '';
  const detail = useAdminUser(id);
  if (isApiError(detail.error) && detail.error.code === 'USER_NOT_FOUND') return <NotFound title={t('user.notFound')} />;
  return (
    <AdminPage title={t('user.title')} back={{ to: paths.adminUsers(), label: t('user.back') }}>
      <ListState isPending={detail.isPending} error={detail.error} isEmpty={false} emptyText="" />
      {detail.data ? (
        <Stack gap="xl">
          <UserData detail={detail.data} />
          <UserCourses title={t('user.bought')} empty={t('user.boughtEmpty')} courses={detail.data.bought} />
          <UserCourses title={t('user.created')} empty={t('user.createdEmpty')} courses={detail.data.created} />
          {detail.data.created.length > 0 ? <TeacherSalesReport teacherId={detail.data.user.id} title={t('user.sales')} /> : null}
        </Stack>
      ) : null}
    </AdminPage>
  );
}

function UserData({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const { user } = detail;
  const session = useSession();
  const action = useUserAction(user.id);
  const [editing, setEditing] = useState(false);
  const isSelf = session.user?.id === user.id;

  const toggle = () => {
    const disabled = Boolean(user.disabledAt);
    void confirmAndRun({
      title: t('confirm.title'),
      text: disabled ? t('confirm.enable') : t('confirm.disable'),
      confirmLabel: disabled ? t('confirm.confirmEnable') : t('confirm.confirmDisable'),
      cancelLabel: t('confirm.cancel'),
      cancelled: disabled ? t('cancelled.userStillDisabled') : t('cancelled.userStillEnabled'),
      done: disabled ? t('done.userEnabled') : t('done.userDisabled'),
      action: () => action.mutateAsync(disabled ? 'enable' : 'disable'),
    });
  };
  const makeAdmin = () =>
    void confirmAndRun({
      title: t('confirm.title'),
      text: t('confirm.makeAdmin'),
      confirmLabel: t('confirm.confirmMakeAdmin'),
      cancelLabel: t('confirm.cancel'),
      cancelled: t('cancelled.userNotAdminYet'),
      done: t('done.userIsAdmin', { name: user.name }),
      action: () => action.mutateAsync('make-admin'),
    });

  return (
    <Paper withBorder p="lg">
      <Group align="flex-start" wrap="wrap" gap="xl">
        <Avatar src={user.image} alt={t('user.pictureAlt', { name: user.name })} size={96} radius="xl" name={user.name} color="indigo.9" variant="filled" />
        <Stack style={{ flex: 1, minWidth: 240 }}>
          <Group gap="xs">
            <Badge color={user.disabledAt ? 'gray' : 'teal'} variant="light">
              {user.disabledAt ? t('status.inactive') : t('status.active')}
            </Badge>
            {user.isAdmin ? <Badge variant="light" color="indigo">{t('users.adminBadge')}</Badge> : null}
          </Group>
          {editing ? (
            <UserEditForm detail={detail} onDone={() => setEditing(false)} />
          ) : (
            <>
              <dl style={{ margin: 0 }}>
                <Text component="dt" size="sm" c="dimmed">
                  {t('user.name')}
                </Text>
                <Text component="dd" fw={600} m={0} mb="xs">
                  {user.name}
                </Text>
                <Text component="dt" size="sm" c="dimmed">
                  {t('user.email')}
                </Text>
                <Text component="dd" m={0} mb="xs">
                  {user.email}
                </Text>
              </dl>
              <Group gap="sm">
                <Button variant="light" onClick={() => setEditing(true)}>
                  {t('user.edit')}
                </Button>
                {isSelf ? (
                  <Text size="sm" c="dimmed">
                    {t('user.selfNote')}
                  </Text>
                ) : (
                  <Button color={user.disabledAt ? 'teal.9' : 'red.9'} onClick={toggle} loading={action.isPending && action.variables !== 'make-admin'}>
                    {user.disabledAt ? t('user.enable') : t('user.disable')}
                  </Button>
                )}
                {user.isAdmin ? null : (
                  <Button variant="outline" onClick={makeAdmin} loading={action.isPending && action.variables === 'make-admin'}>
                    {t('user.makeAdmin')}
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function UserEditForm({ detail, onDone }: { detail: AdminUserDetail; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateUser(detail.user.id);
  const form = useCheckedForm(adminUserEditSchema, { name: detail.user.name, image: detail.user.image ?? '' });
  const error = (field: 'name' | 'image') => {
    const key = form.errorOf(field);
    return key ? fieldErrorMessage(key) : undefined;
  };
  const submit = async () => {
    if (!form.output) return;
    try {
      await update.mutateAsync(form.output);
      await showDialog({ icon: 'success', title: t('done.dataUpdated.title'), text: t('done.dataUpdated.text') });
      onDone();
    } catch (failure) {
      if (isApiError(failure) && failure.fields) form.setServerErrors(failure.fields);
      await showDialog({ icon: 'error', title: errorMessage(failure) });
    }
  };
  return (
    <form
      noValidate
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('user.name')}
          required
          value={form.values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          onBlur={() => form.touch('name')}
          error={error('name')}
        />
        <TextInput label={t('user.email')} value={detail.user.email} readOnly disabled />
        <TextInput
          label={t('user.image')}
          type="url"
          value={form.values.image}
          onChange={(event) => form.set('image', event.currentTarget.value)}
          onBlur={() => form.touch('image')}
          error={error('image')}
        />
        <Group gap="sm">
          <Button type="submit" disabled={!form.valid} loading={update.isPending}>
            {t('user.send')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('user.cancelEdit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UserCourses({ title, empty, courses }: { title: string; empty: string; courses: AdminUserDetail['bought'] }) {
  const { t } = useTranslation('admin');
  return (
    <section>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {courses.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <SimpleGrid cols={1}>
          <DataTable
            columns={[
              {
                key: 'title',
                header: t('courses.columns.title'),
                cell: (course) => (
                  <Text component={Link} to={paths.adminCourse(course.id)} c="blue.8" td="underline">
                    {course.title}
                  </Text>
                ),
              },
              { key: 'teacher', header: t('courses.columns.teacher'), cell: (course) => course.teacherName },
              { key: 'status', header: t('status.label'), cell: (course) => (course.disabledAt ? t('status.inactive') : t('status.active')) },
            ]}
            rows={courses}
            rowKey={(course) => course.id}
            minWidth={420}
            striped
            label={title}
          />
        </SimpleGrid>
      )}
    </section>
  );
}

export const AdminUserPage = adminOnly(UserScreen);
