import { Eye, Target } from 'lucide-react';
import type { AboutContent } from '../../../common/site-content/site-content';
import { contentIcons } from '../ui/content-icon';
import { CheckList } from '../ui/check-list';
import { IconBadge } from '../ui/icon-badge';
import { SectionHeading } from '../ui/section-heading';

export function AboutIntro({ about: { intro, vision, mission } }: { about: AboutContent }) {
  return (
    <section className="container-page grid gap-12 py-16 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
      <div>
        <SectionHeading eyebrow={intro.eyebrow} title={intro.title} />
        <div className="mt-6 space-y-5 text-lg leading-8 text-slate-600">
          {intro.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </div>
      <div className="grid content-start gap-6">
        {[
          { ...vision, icon: Eye },
          { ...mission, icon: Target },
        ].map((item) => (
          <section key={item.title} className="rounded-2xl bg-slate-50 p-7 ring-1 ring-slate-200">
            <div className="flex items-center gap-4">
              <IconBadge icon={item.icon} />
              <h2 className="text-xl font-semibold">{item.title}</h2>
            </div>
            <p className="mt-4 leading-7 text-slate-600">{item.text}</p>
          </section>
        ))}
      </div>
    </section>
  );
}

export function AboutValues({ about: { values } }: { about: AboutContent }) {
  return (
    <section aria-labelledby="values-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading id="values-heading" eyebrow={values.eyebrow} title={values.title} align="center" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.items.map((value) => (
            <li key={value.title} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
              <IconBadge icon={contentIcons[value.icon]} />
              <h3 className="mt-5 text-lg font-semibold">{value.title}</h3>
              <p className="mt-3 leading-7 text-slate-600">{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function AboutExpertiseAndApproach({ about: { expertise, approach } }: { about: AboutContent }) {
  return (
    <section className="container-page grid gap-14 py-16 sm:py-20 lg:grid-cols-2">
      <div>
        <h2 className="text-3xl font-bold tracking-tight">{expertise.title}</h2>
        <CheckList items={expertise.items} className="mt-8 text-lg" />
      </div>
      <div>
        <h2 className="text-3xl font-bold tracking-tight">{approach.title}</h2>
        <ol className="mt-8 grid gap-5">
          {approach.steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 leading-7 text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function AboutImpact({ about: { impact } }: { about: AboutContent }) {
  return (
    <section aria-labelledby="impact-heading" className="on-dark bg-ink py-16 text-white sm:py-20">
      <div className="container-page text-center">
        <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">{impact.eyebrow}</p>
        <h2 id="impact-heading" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {impact.title}
        </h2>
        <dl className="mt-12 grid gap-8 sm:grid-cols-3">
          {impact.stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col gap-2 rounded-2xl bg-white/5 px-6 py-8 ring-1 ring-white/10"
            >
              <dt className="text-lg text-slate-300">{stat.label}</dt>
              <dd className="order-first text-5xl font-bold tracking-tight text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
