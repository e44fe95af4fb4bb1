import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { couponStorageKey, linkParameterPattern } from '../../lib/coupon-link-key';

const hasKeptCoupon = () => {
  try {
    return window.localStorage.getItem(couponStorageKey) !== null;
  } catch {
    return false;
  }
};

/**
 * Loads the links' runner (./coupon-link-runner) once an address carries `?cupon=`, `?coupon=`
 * or `?ref=`, or a code from an earlier link is waiting: most visits never download it.
 */
export function CouponLinks() {
  const { search } = useLocation();
  const [Runner, setRunner] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Runner || !(linkParameterPattern.test(search) || hasKeptCoupon())) return;
    void import('./coupon-link-runner').then(({ CouponLinkRunner }) => setRunner(() => CouponLinkRunner));
  }, [search, Runner]);
  return Runner ? <Runner /> : null;
}
