import { NavLink } from 'react-router';
import type { NavItem } from '../../content/navigation';

interface NavLinksProps {
  items: readonly NavItem[];
  className?: string;
  linkClassName: string;
  activeClassName: string;
  inactiveClassName: string;
}

/** A list of links; the current page gets aria-current="page" (written when the page is prerendered). */
export function NavLinks({
  items,
  className,
  linkClassName,
  activeClassName,
  inactiveClassName,
}: NavLinksProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) => `${linkClassName} ${isActive ? activeClassName : inactiveClassName}`}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
