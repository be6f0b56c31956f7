import { Menu, X } from 'lucide-react';
import { Link } from 'react-router';
import { mainNavigation } from '../../content/navigation';
import { Logo } from '../../../common/logo';
import { useSiteContent } from '../../lib/site-content';
import { MOBILE_MENU_ID } from './mobile-menu';
import { NavLinks } from './nav-links';

/**
 * The fixed navigation bar. On narrow screens a menu button opens a slide-in
 * panel, an HTML popover: it works without JavaScript, closes on Escape
 * (focus stays on the button) and on a click outside it, and a link in it
 * loads the next page. The site's small script (app/islands/site.ts) keeps
 * the button's aria-expanded in step; without it, browsers work the state
 * out from the popover themselves.
 */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-50">
      {/* The bar's background is its own layer, so the header itself stays a plain box. */}
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-16 border-b border-slate-200 bg-white" />
      <div className="relative container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="-m-1 rounded-md p-1">
          <Logo name={useSiteContent().company.name} />
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
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          aria-controls={MOBILE_MENU_ID}
          className="group inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100 md:hidden"
        >
          <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
          <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
          <span className="sr-only">Menu</span>
        </button>
      </div>

      <nav
        id={MOBILE_MENU_ID}
        popover="auto"
        aria-label="Main menu"
        className="fixed inset-auto top-16 right-0 bottom-0 m-0 h-auto max-h-none w-72 max-w-[85vw] translate-x-full overflow-y-auto border-0 border-l border-slate-200 bg-white p-4 text-base shadow-xl transition-[translate,overlay,display] transition-discrete duration-300 backdrop:top-16 backdrop:bg-ink/40 open:translate-x-0 md:hidden starting:open:translate-x-full"
      >
        <NavLinks
          items={mainNavigation}
          className="flex flex-col gap-1"
          linkClassName="block rounded-lg px-4 py-3 text-base font-medium"
          activeClassName="bg-brand-50 text-brand-800"
          inactiveClassName="text-slate-700 hover:bg-slate-100"
        />
      </nav>
    </header>
  );
}
