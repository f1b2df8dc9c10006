import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { BANNER_HEIGHT, CAROUSEL_DEFAULT_COLOR, dirFor, type Banner } from 'shared-contracts';
import { VisuallyHidden } from 'shared-contracts/ui';
import styled, { keyframes } from 'styled-components';
import { reportEvent } from './api';
import { safeColor, safeLink } from './links';
import { useOpenLink } from './open-link';
import { useHomeText } from './text';

/** Time each banner stays before autoplay shows the next one. */
export const AUTOPLAY_MS = 4000;
/** Horizontal travel that counts as a swipe rather than a tap. */
const SWIPE_PX = 40;

// The spec's 1.58rem is on the design's scale of 100px per rem on a 375px-wide phone (158px there). On this
// site's 16px rem it would be 25px, so the carousel scales it with the viewport width instead, within limits.
const designRem = Number.parseFloat(BANNER_HEIGHT);
const HEIGHT = `clamp(${Math.round(designRem * 80)}px, calc(${designRem} * 100vw / 3.75), ${Math.round(designRem * 130)}px)`;

const fadeIn = keyframes`
  from { opacity: 0.35; }
  to { opacity: 1; }
`;

// A turn fades the new slide in (opacity: the compositor animates it); the banner's colour and the current dot change
// at once. Transitions of background-color and inline-size here made the page's main thread paint and lay out every
// frame of a turn: 145-180 ms of main-thread work per turn unthrottled on this machine, 60-150 ms without them.
const Region = styled.section`
  position: relative;
  block-size: ${HEIGHT};
  border-radius: ${({ theme }) => theme.radius.lg};
  overflow: hidden;
`;
const Slide = styled.div`
  block-size: 100%;
  display: grid;
  place-items: center;
  animation: ${fadeIn} 350ms ease;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  img {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: contain;
  }
`;
const SlideLink = styled.a`
  display: block;
  inline-size: 100%;
  block-size: 100%;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: -3px;
  }
`;
const Arrow = styled.button<{ $side: 'start' | 'end' }>`
  position: absolute;
  inset-block-start: 50%;
  ${({ $side }) => ($side === 'start' ? 'inset-inline-start: 4px;' : 'inset-inline-end: 4px;')}
  transform: translateY(-50%);
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  display: grid;
  place-items: center;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(255, 255, 255, 0.82);
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow};
  font-size: 22px;
  line-height: 1;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  svg {
    inline-size: 20px;
    block-size: 20px;
  }
`;

/**
 * An arrow pointing to the inline start or end of the language: right-to-left (ar, he), previous sits on the right
 * and points right. Drawn for the direction rather than mirrored by a style, so no style or browser can miss it.
 */
function Chevron({ to, rtl }: { to: 'start' | 'end'; rtl: boolean }) {
  const left = (to === 'start') !== rtl;
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      data-points={left ? 'left' : 'right'}
    >
      <path d={left ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const Dots = styled.div`
  position: absolute;
  inset-block-end: 8px;
  inset-inline: 0;
  display: flex;
  justify-content: center;
  gap: 6px;
  pointer-events: none;
`;
const Dot = styled.span<{ $current: boolean }>`
  inline-size: ${({ $current }) => ($current ? '18px' : '6px')};
  block-size: 6px;
  border-radius: 3px;
  background: ${({ $current }) => ($current ? '#FFFFFF' : 'rgba(255, 255, 255, 0.55)')};
  box-shadow: 0 0 2px rgba(0, 0, 0, 0.25);
`;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Makes the banner after `current` ready while `current` shows, once the browser is idle: its picture downloaded and
 * decoded before the turn. A turn is a transition, and React shows it only once its new picture is decoded: left to
 * the turn, a picture still downloading holds it back on a slow link, and the decoding lands in the turn's own task
 * (an SVG picture opens a document of its own on the main thread: 34-45 ms unthrottled on this machine on 2026-11-30,
 * which the preparation moves to an idle moment but cannot save). Not with the browser's data saver on. The pictures
 * are kept while the carousel shows, so the browser keeps them decoded.
 */
function useNextPictureReady(banners: ReadonlyArray<Banner>, current: number) {
  const ready = useRef(new Map<string, HTMLImageElement>());
  const next = banners.length > 1 ? banners[(current + 1) % banners.length]?.image : undefined;
  useEffect(() => {
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (!next || saveData || ready.current.has(next)) return;
    const prepare = () => {
      const picture = new Image();
      picture.decoding = 'async';
      picture.src = next;
      ready.current.set(next, picture);
      picture.decode?.().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prepare, { timeout: AUTOPLAY_MS / 2 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(prepare, 0);
    return () => window.clearTimeout(timer);
  }, [next]);
}

function Carousel({ banners, position, iccid }: BannerCarouselProps) {
  const { t, i18n } = useHomeText();
  const rtl = dirFor(i18n.language) === 'rtl';
  const openLink = useOpenLink();
  const [index, setIndex] = useState(0);
  // Touch, hover and keyboard focus inside pause autoplay; each is tracked on its own so one ending does not
  // restart autoplay while another still holds it.
  const [holds, setHolds] = useState<ReadonlySet<string>>(new Set());
  // Read once hydrated: the server cannot know it, and the first render must equal the server's.
  const [reduced, setReduced] = useState(false);
  useEffect(() => setReduced(prefersReducedMotion()), []);
  const touchStartX = useRef<number | null>(null);
  const total = banners.length;
  const current = Math.min(index, Math.max(0, total - 1));
  const banner = banners[current];
  useNextPictureReady(banners, current);

  const hold = (reason: string, on: boolean) =>
    setHolds((previous) => {
      if (previous.has(reason) === on) return previous;
      const next = new Set(previous);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });
  const paused = holds.size > 0;

  useEffect(() => {
    if (total < 2 || paused || reduced) return;
    // In a transition: React draws the next banner in slices, never in one task that holds a tap on the page. Drawn
    // in one go, each turn was a task of 60-75 ms in an applied Lighthouse run with the CPU slowed about nine times
    // (a phone on a slow day), every four seconds: the card list never had five quiet seconds, and Lighthouse counted
    // the page interactive only at 18.7 s. An arrow or a swipe still turns at once (the reader asked for it).
    const timer = window.setInterval(() => startTransition(() => setIndex((i) => (i + 1) % total)), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [total, paused, reduced]);

  if (!banner) return null;
  const link = safeLink(banner.link);
  const go = (step: number) => setIndex((current + step + total) % total);
  const image = <img src={banner.image} alt={banner.title} draggable={false} />;

  return (
    <Region
      aria-roledescription={t('carousel.kind')}
      aria-label={t('carousel.label')}
      data-testid="banner-carousel"
      style={{ backgroundColor: safeColor(banner.backgroundColor, CAROUSEL_DEFAULT_COLOR) }}
      onPointerEnter={(event) => event.pointerType === 'mouse' && hold('hover', true)}
      onPointerLeave={() => hold('hover', false)}
      onTouchStart={(event) => {
        hold('touch', true);
        touchStartX.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        hold('touch', false);
        const start = touchStartX.current;
        const end = event.changedTouches[0]?.clientX;
        touchStartX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX || total < 2) return;
        // A swipe towards the inline start shows the next banner (leftwards, or rightwards right-to-left).
        const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
        go(end < start !== rtl ? 1 : -1);
      }}
      onTouchCancel={() => {
        hold('touch', false);
        touchStartX.current = null;
      }}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
      }}
    >
      <Slide
        key={current}
        role="group"
        aria-roledescription={t('carousel.slide')}
        aria-label={t('carousel.position', { n: current + 1, total })}
        data-testid="banner-slide"
      >
        {link ? (
          <SlideLink
            href={link}
            {...(link.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            onClick={(event) => {
              event.preventDefault();
              void reportEvent({
                name: banner.title.slice(0, 128) || 'banner',
                position,
                link,
                ...(iccid ? { iccid } : {}),
              });
              openLink(link);
            }}
          >
            {image}
          </SlideLink>
        ) : (
          image
        )}
      </Slide>
      {total > 1 ? (
        <>
          <Arrow type="button" $side="start" aria-label={t('carousel.previous')} onClick={() => go(-1)}>
            <Chevron to="start" rtl={rtl} />
          </Arrow>
          <Arrow type="button" $side="end" aria-label={t('carousel.next')} onClick={() => go(1)}>
            <Chevron to="end" rtl={rtl} />
          </Arrow>
          <Dots aria-hidden="true" data-testid="banner-dots">
            {banners.map((item, i) => (
              <Dot key={`${i}-${item.title}`} $current={i === current} data-current={i === current || undefined} />
            ))}
          </Dots>
          <VisuallyHidden aria-live={paused || reduced ? 'polite' : 'off'}>
            {t('carousel.position', { n: current + 1, total })}
          </VisuallyHidden>
        </>
      ) : null}
    </Region>
  );
}

export interface BannerCarouselProps {
  banners: ReadonlyArray<Banner>;
  /** The activity position, reported with each banner tap. */
  position: string;
  iccid?: string;
}

/**
 * The top banner carousel: autoplay (paused while touched, hovered or focused; off under reduced motion), previous
 * and next arrows, dots, the background colour of the current banner (default #FFAC79). A tap reports an event
 * named after the banner's title and opens its link.
 */
export function BannerCarousel(props: BannerCarouselProps) {
  if (!props.banners.length) return null;
  return (
    <Suspense fallback={null}>
      <Carousel {...props} />
    </Suspense>
  );
}
