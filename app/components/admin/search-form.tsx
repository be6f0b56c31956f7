import { Form, Link, useNavigation } from 'react-router';
import { Icon } from './icons';

interface SearchFormProps {
  /** The field's accessible name, e.g. "Search leads". */
  label: string;
  placeholder: string;
  q: string;
  /** Other parameters the search keeps (the view). */
  keep: Record<string, string>;
  /** Where "Clear" goes: the same view without the search. */
  clearHref: string;
}

/** A GET search: the words go into the address (?q=), so a shared link shows the same results. */
export function SearchForm({ label, placeholder, q, keep, clearHref }: SearchFormProps) {
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.search.includes('q=');
  return (
    <Form method="get" role="search" className="mt-5 flex flex-wrap gap-2">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="relative min-w-0 flex-1 basis-60">
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          key={q}
          type="search"
          name="q"
          defaultValue={q}
          aria-label={label}
          placeholder={placeholder}
          maxLength={200}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-ink placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>
      <button
        type="submit"
        aria-disabled={searching || undefined}
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-ink px-4 font-semibold text-white hover:bg-slate-800"
      >
        {searching ? 'Searching…' : 'Search'}
      </button>
      {q && (
        <Link
          to={clearHref}
          className="inline-flex min-h-11 items-center px-2 font-medium text-brand-700 underline underline-offset-2"
        >
          Clear search
        </Link>
      )}
    </Form>
  );
}
