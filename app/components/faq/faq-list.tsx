import type { FaqItemContent } from '../../../common/site-content/site-content';

/** The questions and answers, all open: they are short and read best in full. */
export function FaqList({ items }: { items: readonly FaqItemContent[] }) {
  return (
    <ol className="grid gap-5">
      {items.map((item) => (
        <li key={item.question} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold sm:text-xl">{item.question}</h2>
          <div className="mt-3 space-y-3 leading-7 text-slate-600">
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
