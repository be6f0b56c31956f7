import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import type { StaffRole } from '../../../common/team-domain';

interface Section {
  to: string;
  label: string;
  /** Only admins open it; a member's navigation leaves it out (the server refuses them anyway). */
  adminOnly?: true;
}

const sections: readonly Section[] = [
  { to: inboxPaths.dashboard, label: 'Dashboard' },
  { to: inboxPaths.leads, label: 'Inbox' },
  { to: inboxPaths.followUps, label: 'Follow-ups' },
  { to: inboxPaths.outbox, label: 'Outbox' },
  { to: inboxPaths.subscribers, label: 'Subscribers' },
  { to: inboxPaths.campaigns, label: 'Campaigns', adminOnly: true },
  { to: inboxPaths.activity, label: 'Activity' },
  { to: inboxPaths.team, label: 'Team', adminOnly: true },
  { to: inboxPaths.website, label: 'Website', adminOnly: true },
  { to: inboxPaths.settings, label: 'Settings', adminOnly: true },
  { to: inboxPaths.account, label: 'Account' },
];

/** The sections a role opens. */
const sectionsFor = (role: StaffRole) => sections.filter((section) => role === 'admin' || !section.adminOnly);

/** The section a path belongs to: a lead's page is part of the inbox. */
function sectionOf(pathname: string): string {
  if (pathname.startsWith('/admin/leads/')) return inboxPaths.leads;
  if (pathname.startsWith(`${inboxPaths.campaigns}/`)) return inboxPaths.campaigns;
  if (pathname.startsWith(`${inboxPaths.website}/`)) return inboxPaths.website;
  return pathname.replace(/\/+$/, '') || inboxPaths.leads;
}

/**
 * The inbox's sections. From lg (1024 px) up, a row of links. Below, eleven links do not fit a line: a "Menu" button
 * (a disclosure: aria-expanded, aria-controls) shows them as a list; Escape closes it and gives the focus
 * back to the button, and moving to another page closes it.
 */
export function SectionNav({ pathname, role }: { pathname: string; role: StaffRole }) {
  const current = sectionOf(pathname);
  const shown = sectionsFor(role);
  // Open on this page only: moving to another page closes the menu.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);
  const here = shown.find((section) => section.to === current)?.label;

  return (
    <nav aria-label="Main" className="border-t border-slate-200">
      <div className="mx-auto w-full max-w-6xl px-2 sm:px-6 lg:px-8">
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="inline-flex min-h-11 items-center gap-2 px-2 text-sm font-semibold text-ink lg:hidden"
        >
          <span aria-hidden="true" className="text-lg leading-none">
            {open ? '×' : '☰'}
          </span>
          <span>Menu{here && <span className="font-normal text-slate-600">: {here}</span>}</span>
        </button>
        <ul
          id={listId}
          className={`${open ? 'flex' : 'hidden'} -mb-px flex-col pb-2 lg:flex lg:flex-row lg:gap-1 lg:pb-0`}
        >
          {shown.map((section) => (
            <li key={section.to} className="shrink-0">
              <Link
                to={section.to}
                aria-current={pathname === section.to ? 'page' : undefined}
                className={`flex min-h-11 items-center border-l-[3px] px-3 text-[0.95rem] font-medium lg:inline-flex lg:border-b-[3px] lg:border-l-0 lg:px-2.5 ${
                  current === section.to
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-ink'
                }`}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
