import { NavLink } from 'react-router';
import type { NavItem } from '../../content/navigation';

interface NavLinksProps {
  items: readonly NavItem[];
  className?: string;
  linkClassName: string;
  activeClassName: string;
  inactiveClassName: string;
  onNavigate?: () => void;
}

/** A list of router links; the current page gets aria-current="page". */
export function NavLinks({
  items,
  className,
  linkClassName,
  activeClassName,
  inactiveClassName,
  onNavigate,
}: NavLinksProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={({ isActive }) => `${linkClassName} ${isActive ? activeClassName : inactiveClassName}`}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
