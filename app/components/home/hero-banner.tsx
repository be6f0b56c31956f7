import type { HomeContent } from '../../../common/site-content/site-content';
import { bannerTiming } from '../../content/home';
import { serviceHref } from '../../content/page-anchors';
import { BannerIcon } from './banner-icons';
import { slideArt } from './slide-art';
import { useCarousel } from './use-carousel';

type Slides = HomeContent['slides'];

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-white/30 text-white hover:bg-white/10';

/**
 * The slides, stacked in one grid cell: the current one shown, the others hidden and inert. Announced
 * politely once the rotation stops (never while it runs).
 */
function BannerSlides({
  slides: bannerSlides,
  index,
  rotating,
}: {
  slides: Slides;
  index: number;
  rotating: boolean;
}) {
  const count = bannerSlides.length;
  return (
    <div className="grid [grid-template-areas:'stack']" aria-live={rotating ? 'off' : 'polite'}>
      {bannerSlides.map((slide, position) => {
        const active = position === index;
        return (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            inert={!active}
            className={`grid items-center gap-10 transition-[opacity,visibility] duration-700 [grid-area:stack] md:grid-cols-[1.1fr_1fr] ${active ? 'visible opacity-100' : 'invisible opacity-0'}`}
          >
            <div>
              <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">
                {slide.eyebrow}
              </p>
              {/* Not a heading: the page's h1 follows the banner, and three rotating
                  headings would only clutter the outline. */}
              <p className="mt-3 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
                {slide.title}
              </p>
              <p className="mt-5 max-w-xl text-lg leading-8 text-slate-200">{slide.text}</p>
              <a href={serviceHref(slide.cta.service)} className="btn-light mt-8">
                {slide.cta.label}
                <BannerIcon name="arrow" />
              </a>
            </div>
            <img
              src={slideArt[slide.art]}
              alt=""
              width={560}
              height={440}
              decoding="async"
              fetchPriority={position === 0 ? 'high' : 'low'}
              // Hidden on phones: lazy art is never fetched (nor parsed) there.
              loading={position === 0 ? 'eager' : 'lazy'}
              className="hidden w-full max-w-[520px] justify-self-end md:block"
            />
          </div>
        );
      })}
    </div>
  );
}

/** The home page's rotating banner: its slides, following the WAI-ARIA carousel pattern. */
export function HeroBanner({ slides: bannerSlides }: { slides: Slides }) {
  const count = bannerSlides.length;
  const carousel = useCarousel({
    count,
    intervalMs: bannerTiming.intervalMs,
    startDelayMs: bannerTiming.startDelayMs,
  });

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="on-dark relative isolate overflow-hidden bg-ink text-white"
      {...carousel.pauseHandlers}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(70rem_36rem_at_80%_0%,var(--color-brand-800),transparent_70%),radial-gradient(40rem_28rem_at_0%_100%,color-mix(in_oklch,var(--color-accent-400)_30%,transparent),transparent_70%)]"
      />
      <div className="container-page pt-12 pb-8 sm:pt-16 lg:pt-20">
        <BannerSlides slides={bannerSlides} index={carousel.index} rotating={carousel.rotating} />

        <div className="mt-10 flex flex-wrap items-center gap-3">
          <button type="button" className={controlClass} onClick={carousel.togglePlaying}>
            <BannerIcon name={carousel.playing ? 'pause' : 'play'} />
            <span className="sr-only">{carousel.playing ? 'Pause slides' : 'Play slides'}</span>
          </button>
          <button type="button" className={controlClass} onClick={carousel.previous}>
            <BannerIcon name="previous" />
            <span className="sr-only">Previous slide</span>
          </button>
          <ul className="flex items-center">
            {bannerSlides.map((slide, position) => {
              const active = position === carousel.index;
              return (
                <li key={slide.title}>
                  <button
                    type="button"
                    className="group flex size-11 items-center justify-center rounded-full"
                    aria-current={active ? 'true' : undefined}
                    onClick={() => carousel.goTo(position)}
                  >
                    <span
                      aria-hidden="true"
                      className={`block h-2.5 rounded-full transition-all ${active ? 'w-8 bg-accent-300' : 'w-2.5 bg-white/50 group-hover:bg-white/80'}`}
                    />
                    <span className="sr-only">
                      Show slide {position + 1} of {count}: {slide.eyebrow}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className={controlClass} onClick={carousel.next}>
            <BannerIcon name="next" />
            <span className="sr-only">Next slide</span>
          </button>
        </div>
      </div>
    </section>
  );
}
