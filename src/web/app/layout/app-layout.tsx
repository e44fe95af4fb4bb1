import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { matchPage } from '../../../shared/paths';
import { VerifyEmailBanner } from '../../features/accounts';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { PageLoader } from './page-loader';
import { CouponLinks } from './coupon-links';
import { PendingActionRunner } from './pending-action-runner';
import classes from './layout.module.css';

const MAIN_ID = 'main-content';

/** The frame around every page: skip link, header, the page, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(mainRef);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus without touching the URL: a #hash would be a navigation for the router.
    event.preventDefault();
    mainRef.current?.focus();
  };

  const loading = navigation.state === 'loading';
  const courseLoading = loading && showsSpinnerWhileLoading(navigation.location.pathname);
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
        {t('skipToContent')}
      </a>
      {loading ? <div className={classes.progress} aria-hidden="true" /> : null}
      <AppHeader />
      <VerifyEmailBanner />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={classes.main} aria-busy={loading}>
        {courseLoading ? <PageLoader /> : <Outlet />}
      </main>
      <AppFooter />
      <PendingActionRunner />
      <CouponLinks />
      <ScrollRestoration />
    </div>
  );
}

/**
 * A course page (and a bought course's player) shows the spec's spinner while it loads, rather
 * than the page the user just left: another course's details under the new address would mislead.
 * Other pages keep the previous page on screen, with the progress bar, until theirs arrives.
 */
function showsSpinnerWhileLoading(pathname: string) {
  const page = matchPage(pathname)?.page;
  return page === 'course' || page === 'player';
}

/**
 * After a client-side navigation, screen readers would stay on the link just followed;
 * moving focus to <main> makes them start reading the new page, as after a full load.
 */
function useFocusMainOnNavigation(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
