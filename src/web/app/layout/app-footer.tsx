import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import classes from './layout.module.css';

// Read once: rendering must not depend on the clock.
const currentYear = new Date().getFullYear();

/** Footer with the About and Contact links (spec section 2). */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Text size="sm" c="dimmed">
          © {currentYear} {t('brand')}. {t('footer.rights')}
        </Text>
        <Box component="nav" aria-label={t('nav.footer')}>
          <Group gap="lg">
            <Anchor component={Link} to={paths.about()} size="sm">
              {t('nav.about')}
            </Anchor>
            <Anchor component={Link} to={paths.contact()} size="sm">
              {t('nav.contact')}
            </Anchor>
          </Group>
        </Box>
      </Container>
    </footer>
  );
}
