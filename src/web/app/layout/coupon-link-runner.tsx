import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { matchPage } from '../../../shared/paths';
import { useCart } from '../../entities/cart/get-cart';
import { couponFromSearch, keepCoupon, keptCouponSnapshot, parseKeptCoupon, referralFromSearch, subscribeKeptCoupon } from '../../lib/coupon-link';
import { useSession } from '../../session/get-session';

/**
 * The links' parameters: `?cupon=` / `?coupon=` on any page keep a code that reaches the cart
 * once the visitor is signed in (now, or after signing up or in), and `?ref=` on a course page
 * counts a visit through a teacher's referral link. Both are read once and taken out of the
 * address, so a reload or a shared address does not repeat them. Loaded by ./coupon-links
 * only when a link or a kept code calls for it; what talks to the server, only when it has
 * something to send.
 */
export function CouponLinkRunner() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSignedIn } = useSession();
  // The server has no storage: nothing is kept while it draws the page.
  const stored = useSyncExternalStore(subscribeKeptCoupon, keptCouponSnapshot, () => null);
  const pending = parseKeptCoupon(stored);
  const cart = useCart({ enabled: isSignedIn && pending !== null });
  const applying = useRef(false);
  // Counts finished tries: what changed while one was on its way (a course added) is looked at after it.
  const [tries, setTries] = useState(0);

  useEffect(() => {
    const code = couponFromSearch(location.search);
    const referral = referralFromSearch(location.search);
    const course = referral ? matchPage(location.pathname) : null;
    const countsReferral = referral !== null && course?.page === 'course';
    if (!code && !countsReferral) return;
    if (code) keepCoupon(code);
    if (countsReferral) void import('../../entities/coupons/record-referral-visit').then(({ recordReferralVisit }) => recordReferralVisit(referral, Number(course.params.id)));
    const rest = new URLSearchParams(location.search);
    if (code) for (const name of ['cupon', 'coupon']) rest.delete(name);
    if (countsReferral) rest.delete('ref');
    const search = rest.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true, state: location.state });
  }, [location.pathname, location.search, location.hash, location.state, navigate]);

  const courseIds = cart.data?.items.map((item) => item.courseId);
  const courseKey = courseIds?.join(',');
  useEffect(() => {
    if (!isSignedIn || !pending || applying.current) return;
    // Refused for the courses the cart held: tried again once it holds another.
    if (pending.triedWith && (!courseIds || courseIds.every((id) => pending.triedWith?.includes(id)))) return;
    applying.current = true;
    void import('./coupon-link-apply')
      .then(({ applyKeptCoupon }) => applyKeptCoupon(queryClient, courseIds ?? []))
      .finally(() => {
        applying.current = false;
        setTries((count) => count + 1);
      });
    // `stored` and `courseKey` stand for `pending` and `courseIds`, new objects at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSignedIn, stored, courseKey, tries, queryClient]);

  return null;
}
