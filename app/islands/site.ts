import { MOBILE_MENU_ID } from '../components/layout/mobile-menu';
import { enhanceNewsletterForms } from './newsletter-form';

/**
 * The script of every public page, without any framework: it keeps the menu
 * button's aria-expanded in step with the menu (a popover that works without
 * it), closes the menu when the page is left (so back shows it closed), and
 * sends the newsletter form in place.
 */
function enhanceMenu() {
  const menu = document.getElementById(MOBILE_MENU_ID);
  const button = document.querySelector(`[popovertarget="${MOBILE_MENU_ID}"]`);
  if (!menu || !button) return;
  button.setAttribute('aria-expanded', 'false');
  menu.addEventListener('toggle', (event) => {
    button.setAttribute('aria-expanded', String((event as ToggleEvent).newState === 'open'));
  });
  window.addEventListener('pagehide', () => {
    if (menu.matches(':popover-open')) menu.hidePopover();
  });
}

enhanceMenu();
enhanceNewsletterForms();
// Pages with React islands say so themselves once those are hydrated (islands/hydrate.tsx).
if (!document.querySelector('[data-island]')) document.documentElement.dataset.hydrated = 'true';
