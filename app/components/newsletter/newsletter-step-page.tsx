import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { NewsletterStep } from '../../content/newsletter';
import { PageHero } from '../ui/page-hero';

/**
 * One page of the newsletter's double opt-in or of leaving the list. Its
 * button posts the page's own address, ?token= included, back to the server:
 * a plain form with no action does exactly that, with or without JavaScript.
 */
export function NewsletterStepPage({ step }: { step: NewsletterStep }) {
  return (
    <>
      <PageHero {...step.hero} />
      <section className="container-page py-16">
        <p className="max-w-2xl text-lg leading-8 text-slate-600">{step.text}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          {step.action ? (
            <form method="post">
              <button type="submit" className="btn-primary">
                {step.action}
              </button>
            </form>
          ) : (
            <Link to="/" className="btn-primary">
              Back to the home page
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
