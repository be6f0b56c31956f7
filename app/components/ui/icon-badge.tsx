import type { LucideIcon } from 'lucide-react';

/** A decorative icon on a tinted square. */
export function IconBadge({ icon: Icon, tone = 'brand' }: { icon: LucideIcon; tone?: 'brand' | 'dark' }) {
  const colours =
    tone === 'brand'
      ? 'bg-brand-50 text-brand-700 ring-brand-100'
      : 'bg-white/10 text-accent-300 ring-white/15';
  return (
    <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ring-1 ${colours}`}>
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
