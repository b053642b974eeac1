/**
 * A handful of stroke icons drawn inline: no icon package, nothing extra in the login bundle.
 * Always decorative (aria-hidden); the button around them carries the accessible name.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: string | number };

const make = (paths: string[]) => {
  const Icon = ({ size = '1.25em', ...rest }: IconProps) => (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
  return Icon;
};

export const MenuIcon = make(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const HomeIcon = make(['M3 11l9-7 9 7', 'M5 10v10h14V10', 'M10 20v-6h4v6']);
export const DocumentIcon = make(['M14 3H6v18h12V7z', 'M14 3v4h4', 'M9 13h6', 'M9 17h6']);
export const UsersIcon = make([
  'M9 11a4 4 0 100-8 4 4 0 000 8z',
  'M2 21v-1a6 6 0 0112 0v1',
  'M16 3.5a4 4 0 010 7.5',
  'M18 14a6 6 0 014 6v1',
]);
export const SendIcon = make(['M22 2L11 13', 'M22 2l-7 20-4-9-9-4z']);
export const PenIcon = make(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 013 3L7 19l-4 1 1-4z']);
export const ChevronLeftIcon = make(['M15 18l-6-6 6-6']);
export const ChevronRightIcon = make(['M9 18l6-6-6-6']);
export const BellIcon = make(['M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9', 'M13.7 21a2 2 0 01-3.4 0']);
export const CloseIcon = make(['M18 6L6 18', 'M6 6l12 12']);
export const EyeIcon = make(['M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z', 'M12 15a3 3 0 100-6 3 3 0 000 6z']);
export const EyeOffIcon = make([
  'M17.9 17.9A10 10 0 0112 20c-7 0-11-8-11-8a18 18 0 015.1-5.9',
  'M9.9 4.2A9 9 0 0112 4c7 0 11 8 11 8a18 18 0 01-2.2 3.2',
  'M1 1l22 22',
  'M14.1 14.1a3 3 0 01-4.2-4.2',
]);
export const CheckCircleIcon = make(['M22 11.1V12a10 10 0 11-5.9-9.1', 'M22 4L12 14l-3-3']);
export const ErrorCircleIcon = make(['M12 22a10 10 0 100-20 10 10 0 000 20z', 'M12 8v4', 'M12 16h.01']);
export const BuildingIcon = make([
  'M3 21h18',
  'M5 21V5l8-3v19',
  'M13 9h6v12',
  'M8 8h2',
  'M8 12h2',
  'M8 16h2',
  'M16 13h0.01',
  'M16 17h0.01',
]);
export const LogoutIcon = make(['M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4', 'M16 17l5-5-5-5', 'M21 12H9']);
export const UserIcon = make(['M20 21v-2a4 4 0 00-4-4H8a4 4 0 00-4 4v2', 'M12 11a4 4 0 100-8 4 4 0 000 8z']);
export const SearchIcon = make(['M11 19a8 8 0 100-16 8 8 0 000 16z', 'M21 21l-4.3-4.3']);
export const ArrowBackIcon = make(['M19 12H5', 'M12 19l-7-7 7-7']);
export const ChevronDownIcon = make(['M6 9l6 6 6-6']);
