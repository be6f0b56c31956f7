import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { mainNavigation } from '../../content/navigation';
import { Logo } from './logo';
import { NavLinks } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The fixed navigation bar. On narrow screens a menu button opens a slide-in
 * panel; the panel closes on navigation, on Escape and on a click outside it.
 */
export function SiteHeader() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Any navigation closes the menu, including back and forward.
  const [menuLocationKey, setMenuLocationKey] = useState(location.key);
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key);
    setOpen(false);
  }
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-50">
      {/* The bar's background is its own layer, so the header itself stays a plain box for the fixed menu
          panel below. */}
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-16 border-b border-slate-200 bg-white" />
      <div className="relative container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="-m-1 rounded-md p-1">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <NavLinks
            items={mainNavigation}
            className="flex items-center gap-1"
            linkClassName="relative rounded-md px-3 py-2 text-[0.95rem] font-medium hover:bg-slate-100 hover:text-brand-800"
            activeClassName="text-brand-800 after:absolute after:inset-x-3 after:-bottom-[13px] after:h-[3px] after:rounded-full after:bg-brand-700"
            inactiveClassName="text-slate-700"
          />
        </nav>

        <button
          ref={buttonRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setOpen(!open)}
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">Menu</span>
        </button>
      </div>

      <div
        className={`fixed inset-x-0 top-16 bottom-0 bg-ink/40 transition-opacity md:hidden ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        aria-hidden="true"
        onClick={close}
      />
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Main menu"
        className={`fixed top-16 right-0 bottom-0 w-72 max-w-[85vw] overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl transition-[transform,visibility] duration-300 md:hidden ${open ? 'visible translate-x-0' : 'invisible translate-x-full'}`}
      >
        <NavLinks
          items={mainNavigation}
          className="flex flex-col gap-1"
          linkClassName="block rounded-lg px-4 py-3 text-base font-medium"
          activeClassName="bg-brand-50 text-brand-800"
          inactiveClassName="text-slate-700 hover:bg-slate-100"
          onNavigate={close}
        />
      </nav>
    </header>
  );
}
