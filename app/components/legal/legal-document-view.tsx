import type { LegalBlock, LegalDocument } from '../../content/legal';
import { useSiteContent } from '../../lib/site-content';
import { PageHero } from '../ui/page-hero';

function Block({ block }: { block: LegalBlock }) {
  // The company's details of the content being rendered.
  const { company } = useSiteContent();
  switch (block.kind) {
    case 'paragraph':
      return <p id={block.id}>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'contact':
      return (
        <ul>
          <li>
            Email: <a href={`mailto:${company.email}`}>{company.email}</a>
          </li>
          <li>
            Phone: <a href={`tel:${company.phoneE164}`}>{company.phoneDisplay.replaceAll(' ', '\u00a0')}</a>
          </li>
          <li>
            Post: {company.name}, {company.address.street}, {company.address.locality},{' '}
            {company.address.region} {company.address.postalCode}, {company.address.country}
          </li>
        </ul>
      );
  }
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A legal page: hero with the last-updated date, intro, then its sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const sections = document.sections.map((section, index) => ({
    ...section,
    id: slug(section.title),
    heading: document.numbered ? `${index + 1}. ${section.title}` : section.title,
  }));
  return (
    <>
      <PageHero eyebrow={document.eyebrow} title={document.title} narrow>
        <p className="mt-5 text-slate-200">
          Last updated: <time>{document.lastUpdated}</time>
        </p>
      </PageHero>
      <div className="container-page py-14 sm:py-16">
        <article className="prose-legal mx-auto">
          <p className="text-lg leading-8">{document.intro}</p>
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>{section.heading}</h2>
              {section.blocks.map((block, position) => (
                <Block key={position} block={block} />
              ))}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
