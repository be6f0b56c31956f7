import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bannerSlides } from '../../content/home';
import { HeroBanner } from './hero-banner';

/** The island as the home page has it: no router around it. */
function renderBanner() {
  return render(<HeroBanner slides={bannerSlides} />);
}

/** The title of the slide a visitor can see: the one group that is not inert. */
function visibleSlideTitle(): string {
  const slides = screen.getAllByRole('group', { hidden: true });
  const active = slides.filter((slide) => !slide.hasAttribute('inert'));
  expect(active).toHaveLength(1);
  const titles = bannerSlides.map((slide) => slide.title);
  return titles.find((title) => active[0]!.textContent?.includes(title)) ?? 'no title';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const [first, second, third] = bannerSlides.map((slide) => slide.title) as [string, string, string];

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('HeroBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('has three slides and shows the first one', () => {
    renderBanner();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
    expect(visibleSlideTitle()).toBe(first);
    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
  });

  it('starts after 100 ms and then advances every 5000 ms', () => {
    renderBanner();
    advance(99);
    expect(visibleSlideTitle()).toBe(first);
    advance(1); // 100 ms: rotation starts
    advance(4999);
    expect(visibleSlideTitle()).toBe(first);
    advance(1); // 5100 ms: the first advance
    expect(visibleSlideTitle()).toBe(second);
    advance(4999);
    expect(visibleSlideTitle()).toBe(second);
    advance(1);
    expect(visibleSlideTitle()).toBe(third);
  });

  it('wraps from the last slide to the first', () => {
    renderBanner();
    advance(100);
    for (const expected of [second, third, first]) {
      advance(5000);
      expect(visibleSlideTitle()).toBe(expected);
    }
  });

  it('moves with the previous and next controls, wrapping both ways', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlideTitle()).toBe(second);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlideTitle()).toBe(third);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlideTitle()).toBe(first);
  });

  it('jumps to a slide with its indicator, which is then marked current', () => {
    renderBanner();
    const indicator = screen.getByRole('button', { name: /Show slide 3 of 3/ });
    fireEvent.click(indicator);
    expect(visibleSlideTitle()).toBe(third);
    expect(indicator).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Show slide 1 of 3/ })).not.toHaveAttribute('aria-current');
  });

  it('gives a manual move a full period before the next automatic one', () => {
    renderBanner();
    advance(100);
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    advance(4999);
    expect(visibleSlideTitle()).toBe(second);
    advance(1);
    expect(visibleSlideTitle()).toBe(third);
  });

  it('pauses with the pause control and resumes with play', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    advance(20_000);
    expect(visibleSlideTitle()).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    advance(100);
    advance(4900);
    expect(visibleSlideTitle()).toBe(second);
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'Highlights' });
    advance(100);
    fireEvent.mouseEnter(region);
    advance(20_000);
    expect(visibleSlideTitle()).toBe(first);
    fireEvent.mouseLeave(region);
    advance(5000);
    expect(visibleSlideTitle()).toBe(second);
  });

  it('pauses while it holds keyboard focus', () => {
    renderBanner();
    const next = screen.getByRole('button', { name: 'Next slide' });
    advance(100);
    act(() => next.focus());
    advance(20_000);
    expect(visibleSlideTitle()).toBe(first);
    act(() => next.blur());
    advance(5000);
    expect(visibleSlideTitle()).toBe(second);
  });

  it('announces slide changes only while it is not rotating', () => {
    renderBanner();
    advance(100);
    const live = screen.getByRole('region', { name: 'Highlights' }).querySelector('[aria-live]');
    expect(live).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    expect(live).toHaveAttribute('aria-live', 'polite');
  });

  it('does not rotate on its own when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    renderBanner();
    advance(30_000);
    expect(visibleSlideTitle()).toBe(first);
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
  });
});
