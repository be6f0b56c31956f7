import type { HomeContent } from '../../../common/site-content/site-content';

export function WelcomeSection({ welcome }: { welcome: HomeContent['welcome'] }) {
  return (
    <section className="container-page py-16 sm:py-20">
      <div className="grid gap-8 lg:grid-cols-[1fr_1.3fr] lg:gap-16">
        <div>
          <p className="eyebrow">{welcome.eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{welcome.title}</h1>
        </div>
        <div className="space-y-5 text-lg leading-8 text-slate-600">
          {welcome.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
    </section>
  );
}
