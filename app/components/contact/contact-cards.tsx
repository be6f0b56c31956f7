import { Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CompanyDetails } from '../../../common/site-content/company-details';
import type { ContactContent } from '../../../common/site-content/site-content';
import { IconBadge } from '../ui/icon-badge';

function Card({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
      <IconBadge icon={icon} />
      <h2 className="mt-5 text-xl font-semibold">{title}</h2>
      <div className="mt-3 leading-7 text-slate-600">{children}</div>
    </section>
  );
}

/** The office address card, and the company email and phone shown as plain text. */
export function ContactCards({ company, contact }: { company: CompanyDetails; contact: ContactContent }) {
  const { address } = company;
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <Card icon={MapPin} title={contact.officeTitle}>
        <address className="not-italic">
          {company.name}
          <br />
          {address.street}
          <br />
          {address.locality}, {address.region}
          <br />
          PIN {address.postalCode}, {address.country}
        </address>
      </Card>
      <Card icon={Mail} title={contact.emailTitle}>
        <p className="text-lg font-semibold break-all text-ink">{company.email}</p>
        <p className="mt-2">{contact.emailNote}</p>
      </Card>
      <Card icon={Phone} title={contact.phoneTitle}>
        <p className="text-lg font-semibold text-ink">{company.phoneDisplay}</p>
        <p className="mt-2">{contact.phoneNote}</p>
      </Card>
    </div>
  );
}
