import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../shared/paths';
import classes from './layout.module.css';

/** The navbar's links (spec section 2: Home, Courses, About, Contact). */
const mainLinks = [
  { to: paths.home(), label: 'nav.home' },
  { to: paths.allCourses(), label: 'nav.courses' },
  { to: paths.about(), label: 'nav.about' },
  { to: paths.contact(), label: 'nav.contact' },
] as const;

/** NavLink marks the current page with aria-current="page", which the CSS highlights. */
export function MainLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return mainLinks.map((link) => (
    <NavLink key={link.to} to={link.to} end className={classes.navLink} onClick={onNavigate}>
      {t(link.label)}
    </NavLink>
  ));
}
