import { Box, Burger, Container, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { AccountMenu } from './account-menu';
import { CartLink } from './cart-link';
import { LanguageSwitch } from './language-switch';
import classes from './layout.module.css';
import { MainLinks } from './main-links';

// The drawer (modal, focus trap, scroll lock) is fetched on the first tap of the burger.
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

/** Brand, main links, language, cart and account; below 48em the links move into a drawer. */
export function AppHeader() {
  const { t } = useTranslation();
  const [menuOpened, setMenuOpened] = useState(false);
  // Stays mounted after the first open, so closing can animate.
  const [menuLoaded, setMenuLoaded] = useState(false);

  const toggleMenu = () => {
    setMenuLoaded(true);
    setMenuOpened((opened) => !opened);
  };
  const closeMenu = () => {
    setMenuOpened(false);
  };

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={menuOpened}
            onClick={toggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={t(menuOpened ? 'nav.closeMenu' : 'nav.openMenu')}
          />
          <Link to={paths.home()} className={classes.brand}>
            <img src="/favicon.svg" alt="" width={32} height={32} className={classes.brandLogo} />
            <span className={classes.brandText}>{t('brand')}</span>
          </Link>
        </Group>
        <Box component="nav" aria-label={t('nav.main')} className={classes.desktopNav} visibleFrom="sm">
          <MainLinks />
        </Box>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch visibleFrom="sm" />
          <CartLink />
          <AccountMenu />
        </Group>
      </Container>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
