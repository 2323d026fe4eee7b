import type { ReactNode } from 'react';

const style = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Text for screen readers only (keeps visible labels short while names stay unambiguous). */
export function VisuallyHidden({ children, ...rest }: { children?: ReactNode; id?: string; 'aria-live'?: 'polite' | 'assertive'; role?: string }) {
  return (
    <span style={style} {...rest}>
      {children}
    </span>
  );
}
