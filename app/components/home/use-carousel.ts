import { useCallback, useEffect, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../hooks/use-media-query';

export interface CarouselOptions {
  count: number;
  /** Time between automatic advances. */
  intervalMs: number;
  /** Time after mounting before automatic rotation begins. */
  startDelayMs: number;
}

export interface Carousel {
  index: number;
  /** Rotation is switched on (by default, or by the play button). */
  playing: boolean;
  /** Slides are actually advancing now: playing, and not paused by hover or focus. */
  rotating: boolean;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
  togglePlaying: () => void;
  /** Spread on the carousel's root to pause while it is hovered or holds focus. */
  pauseHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: React.FocusEvent<HTMLElement>) => void;
  };
}

/**
 * State and timing of an auto-rotating carousel that follows the WAI-ARIA
 * carousel pattern: it wraps around, pauses while hovered or focused, has a
 * play/pause switch, and does not rotate on its own when the visitor prefers
 * reduced motion.
 */
export function useCarousel({ count, intervalMs, startDelayMs }: CarouselOptions): Carousel {
  const [index, setIndex] = useState(0);
  const [started, setStarted] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // null until the visitor presses play or pause; until then motion preference decides.
  const [choice, setChoice] = useState<boolean | null>(null);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  const playing = choice ?? !reducedMotion;
  const rotating = started && playing && !hovered && !focused;

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), startDelayMs);
    return () => clearTimeout(timer);
  }, [startDelayMs]);

  // Re-armed after every change of slide, so a manual move gets a full period.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, intervalMs, count]);

  const goTo = useCallback((target: number) => setIndex(((target % count) + count) % count), [count]);

  return {
    index,
    playing,
    rotating,
    next: () => goTo(index + 1),
    previous: () => goTo(index - 1),
    goTo,
    togglePlaying: () => {
      // Pressing play is an explicit request: it overrides the hover and focus pauses
      // until the pointer or focus enters the carousel again.
      if (!playing) {
        setHovered(false);
        setFocused(false);
      }
      setChoice(!playing);
    },
    pauseHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
