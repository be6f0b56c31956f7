import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { quoteHref } from '../../content/navigation';

/** A closing call to action that leads to the quote form on the home page. */
export function CtaBand({ title, text, link }: { title: string; text: string; link: string }) {
  return (
    <div className="on-dark flex flex-col gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
      <div className="max-w-2xl">
        <h2 className="text-2xl font-bold text-white sm:text-3xl">{title}</h2>
        <p className="mt-3 text-lg leading-8 text-brand-100">{text}</p>
      </div>
      <Link to={quoteHref} className="btn-light shrink-0">
        {link}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </div>
  );
}
