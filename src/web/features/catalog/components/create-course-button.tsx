import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';

/** "Crear curso": leads to /form; disabled for visitors, with the hint saying why (spec section 2). */
export function CreateCourseButton({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('catalog');
  const hintId = useId();
  if (signedIn) {
    return (
      <Button component={Link} to={paths.createCourse()}>
        {t('create.button')}
      </Button>
    );
  }
  return (
    <Stack gap={4} align="flex-end">
      <Button disabled aria-describedby={hintId}>
        {t('create.button')}
      </Button>
      <Text size="sm" c="dimmed" id={hintId}>
        {t('create.signInHint')}
      </Text>
    </Stack>
  );
}
