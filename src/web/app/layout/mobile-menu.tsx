import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';
import classes from './layout.module.css';
import { MainLinks } from './main-links';

type MobileMenuProps = { opened: boolean; onClose: () => void };

/** The navbar's links and language switch in a drawer, for screens narrower than 48em. */
export function MobileMenu({ opened, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} size="xs">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A <div>: Mantine's default <header> would be a second banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title>{t('brand')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('nav.closeMenu')} />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={t('nav.main')} className={classes.drawerNav}>
            <MainLinks onNavigate={onClose} />
          </nav>
          <LanguageSwitch />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
