import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CourseRow } from './course-row';
import { WhyChooseUs } from './why-choose-us';

/**
 * The home page below its first screen: rows of the most popular, the newest and the best rated
 * courses, and "why choose us". Its own chunk, so the cards' code is not part of the home page's
 * first download; the server still draws it, and its HTML shows while the chunk arrives.
 */
export default function HomeRows({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <Stack gap={56}>
      <CourseRow id="popular-courses" title={t('home.popular')} sort="popular" signedIn={signedIn} first />
      <CourseRow id="latest-courses" title={t('home.latest')} signedIn={signedIn} />
      <CourseRow id="top-rated-courses" title={t('home.topRated')} sort="rating-desc" signedIn={signedIn} />
      <WhyChooseUs />
    </Stack>
  );
}
