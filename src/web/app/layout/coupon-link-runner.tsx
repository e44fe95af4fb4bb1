import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { matchPage } from '../../../shared/paths';
import { useCart } from '../../entities/cart/get-cart';
import { couponFromSearch, keepCoupon, keptCoupon, referralFromSearch, type KeptCoupon } from '../../lib/coupon-link';
import { useSession } from '../../session/get-session';

/**
 * The links' parameters: `?cupon=` / `?coupon=` on any page keep a code that reaches the cart
 * once the visitor is signed in (now, or after signing up or in), and `?ref=` on a course page
 * counts a visit through a teacher's referral link. Both are read once and taken out of the
 * address, so a reload or a shared address does not repeat them. What talks to the server is
 * loaded only when there is something to send: every page carries this component.
 */
export function CouponLinkRunner() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSignedIn } = useSession();
  const [pending, setPending] = useState<KeptCoupon | null>(null);
  const cart = useCart({ enabled: isSignedIn && pending !== null });
  const applying = useRef(false);

  useEffect(() => {
    const code = couponFromSearch(location.search);
    const referral = referralFromSearch(location.search);
    const course = referral ? matchPage(location.pathname) : null;
    const countsReferral = referral !== null && course?.page === 'course';
    if (code) keepCoupon(code);
    // Also picks up a code kept on an earlier visit.
    setPending(keptCoupon());
    if (countsReferral) void import('../../entities/coupons/record-referral-visit').then(({ recordReferralVisit }) => recordReferralVisit(referral, Number(course.params.id)));
    if (!code && !countsReferral) return;
    const rest = new URLSearchParams(location.search);
    for (const name of code ? ['cupon', 'coupon'] : []) rest.delete(name);
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
      .then((next) => {
        applying.current = false;
        setPending(next);
      });
    // courseKey stands for courseIds: a new array each render, the same courses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSignedIn, pending, courseKey, queryClient]);

  return null;
}
