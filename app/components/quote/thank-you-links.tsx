import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** Where a visitor may go next from a thank-you page: the services and the FAQ. */
export function ThankYouLinks() {
  return (
    <div className="mt-8 flex flex-wrap gap-4">
      <Link to="/services" className="btn-primary">
        Explore our services
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
      <Link to="/FAQ" className="btn border border-slate-300 text-ink hover:bg-slate-50">
        Read the FAQ
      </Link>
    </div>
  );
}
