import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link to a storefront path (for MUI's `<Link component={RouterLink} to=…>`): the resolved
 * `href`, and a plain click navigates inside the app (a modified or middle click, or another
 * target, is left to the browser), as react-router's `<Link>` does. Its own `<Link>` also carries
 * route prefetching, view transitions and framework-mode discovery, which the storefront never
 * uses and which would sit in the router code of every first visit (docs/decisions/016-page-weight.md).
 */
export function RouterLink({ to, replace, target, onClick, ref, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigateOnClick(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
