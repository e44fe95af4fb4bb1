import { Anchor, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';

/** The way from my created courses to the hand-ins waiting for my review. */
export function ReviewQueueLink() {
  const { t } = useTranslation('assignments');
  return (
    <Anchor component={Link} to={paths.assignmentQueue()} fw={600} style={{ alignSelf: 'flex-start' }}>
      {t('queue.link')} →
    </Anchor>
  );
}

/** The "my assignments" tab beside my courses and favourites. */
export function MyAssignmentsTab({ current = false }: { current?: boolean }) {
  const { t } = useTranslation('assignments');
  return (
    <Button component={Link} to={paths.myAssignments()} variant={current ? 'filled' : 'subtle'} aria-current={current ? 'page' : undefined}>
      {t('mine.title')}
    </Button>
  );
}
