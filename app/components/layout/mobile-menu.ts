/** The id of the header's menu popover, which the menu button and the site's script refer to. */
export const MOBILE_MENU_ID = 'mobile-menu';
