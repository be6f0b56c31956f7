import type { HomeContent } from '../../../common/site-content/site-content';
import { contentIcons } from '../ui/content-icon';
import { IconBadge } from '../ui/icon-badge';
import { SectionHeading } from '../ui/section-heading';

/** The four 'why choose us' items. */
export function WhyChooseUs({ whyChooseUs }: { whyChooseUs: HomeContent['whyChooseUs'] }) {
  return (
    <section aria-labelledby="why-heading" className="container-page py-16 sm:py-20">
      <SectionHeading
        id="why-heading"
        eyebrow={whyChooseUs.eyebrow}
        title={whyChooseUs.title}
        lead={whyChooseUs.lead}
      />
      <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
        {whyChooseUs.reasons.map((reason) => (
          <li key={reason.title}>
            <IconBadge icon={contentIcons[reason.icon]} />
            <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
            <p className="mt-2 leading-7 text-slate-600">{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
