import { Navigate, useLocation } from 'react-router';
import { signInPath } from '../lib/sign-in-path';

/** Sends a visitor of a page that needs an account to the sign-in form, which brings them back here (path and query). */
export function SignInRedirect() {
  const location = useLocation();
  return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
}
