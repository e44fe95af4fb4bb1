import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

/**
 * Outline icons (paths from Tabler Icons, MIT) drawn inline: no icon package, no requests.
 * Decorative by default: the control that holds one carries the accessible name.
 */
function createIcon(displayName: string, shapes: ReactNode) {
  function Icon({ size = 24, strokeWidth = 2, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {shapes}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const CircleXIcon = createIcon(
  'CircleXIcon',
  <>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
    <path d="M10 10l4 4m0 -4l-4 4" />
  </>,
);

export const AlertTriangleIcon = createIcon(
  'AlertTriangleIcon',
  <>
    <path d="M12 9v4" />
    <path d="M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0z" />
    <path d="M12 16h.01" />
  </>,
);

export const CircleCheckIcon = createIcon(
  'CircleCheckIcon',
  <>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
    <path d="M9 12l2 2l4 -4" />
  </>,
);

export const InfoCircleIcon = createIcon(
  'InfoCircleIcon',
  <>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
    <path d="M12 9h.01" />
    <path d="M11 12h1v4h1" />
  </>,
);

export const CheckIcon = createIcon('CheckIcon', <path d="M5 12l5 5l10 -10" />);

export const XIcon = createIcon(
  'XIcon',
  <>
    <path d="M18 6l-12 12" />
    <path d="M6 6l12 12" />
  </>,
);

export const ShoppingCartIcon = createIcon(
  'ShoppingCartIcon',
  <>
    <path d="M4 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M15 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M17 17h-11v-14h-2" />
    <path d="M6 5l14 1l-1 7h-13" />
  </>,
);

export const ChevronDownIcon = createIcon('ChevronDownIcon', <path d="M6 9l6 6l6 -6" />);

export const LogoutIcon = createIcon(
  'LogoutIcon',
  <>
    <path d="M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2" />
    <path d="M9 12h12l-3 -3" />
    <path d="M18 15l3 -3" />
  </>,
);

export const UserIcon = createIcon(
  'UserIcon',
  <>
    <path d="M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0" />
    <path d="M6 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2" />
  </>,
);

export const BookIcon = createIcon(
  'BookIcon',
  <>
    <path d="M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0" />
    <path d="M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0" />
    <path d="M3 6l0 13" />
    <path d="M12 6l0 13" />
    <path d="M21 6l0 13" />
  </>,
);

export const HeartIcon = createIcon(
  'HeartIcon',
  <path d="M19.5 12.572l-7.5 7.428l-7.5 -7.428a5 5 0 1 1 7.5 -6.566a5 5 0 1 1 7.5 6.572" />,
);

export const ShieldIcon = createIcon(
  'ShieldIcon',
  <path d="M12 3a12 12 0 0 0 8.5 3a12 12 0 0 1 -8.5 15a12 12 0 0 1 -8.5 -15a12 12 0 0 0 8.5 -3" />,
);

export const SchoolIcon = createIcon(
  'SchoolIcon',
  <>
    <path d="M22 9l-10 -4l-10 4l10 4l10 -4v6" />
    <path d="M6 10.6v5.4a6 3 0 0 0 12 0v-5.4" />
  </>,
);

/** A lesson not started: an empty circle. */
export const CircleIcon = createIcon('CircleIcon', <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />);

/** A lesson under way: a half-filled circle. */
export const CircleHalfIcon = createIcon(
  'CircleHalfIcon',
  <>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
    <path d="M12 3v18a9 9 0 0 0 0 -18z" fill="currentColor" />
  </>,
);

export const UsersIcon = createIcon(
  'UsersIcon',
  <>
    <path d="M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0" />
    <path d="M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2" />
    <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    <path d="M21 21v-2a4 4 0 0 0 -3 -3.85" />
  </>,
);

export const CreditCardIcon = createIcon(
  'CreditCardIcon',
  <>
    <path d="M3 8a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3l0 -8" />
    <path d="M3 10l18 0" />
    <path d="M7 15l.01 0" />
    <path d="M11 15l2 0" />
  </>,
);

export const MailIcon = createIcon(
  'MailIcon',
  <>
    <path d="M3 7a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-10z" />
    <path d="M3 7l9 6l9 -6" />
  </>,
);
