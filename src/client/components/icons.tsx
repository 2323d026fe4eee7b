import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

// Hand-picked Material icon paths: importing @mui/icons-material per icon is fine too,
// but these four are all the ticket page needs and keep its bundle lean.

/** A check mark (discount applied). */
export function CheckIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
    </SvgIcon>
  );
}

/** A chevron pointing down, or up when `up`. */
export function ChevronIcon({ up, ...props }: SvgIconProps & { up?: boolean }) {
  return (
    <SvgIcon {...props} aria-hidden sx={{ transform: up ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}>
      <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
    </SvgIcon>
  );
}

/** A clock (hold timer). */
export function TimerIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M15 1H9v2h6zm-4 13h2V8h-2zm8.03-6.61 1.42-1.42c-.43-.51-.9-.99-1.41-1.41l-1.42 1.42C16.07 4.74 14.12 4 12 4c-4.97 0-9 4.03-9 9s4.02 9 9 9 9-4.03 9-9c0-2.12-.74-4.07-1.97-5.61M12 20c-3.87 0-7-3.13-7-7s3.13-7 7-7 7 3.13 7 7-3.13 7-7 7" />
    </SvgIcon>
  );
}

/** Left/right arrows (image carousel). */
export function ArrowIcon({ direction, ...props }: SvgIconProps & { direction: 'left' | 'right' }) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d={direction === 'left' ? 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z' : 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z'} />
    </SvgIcon>
  );
}
