import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARD_LIST_ACTIVITY_POSITION, type Banner } from 'shared-contracts';
import { renderRemote, stubCalls, type CallsHandle } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { AUTOPLAY_MS, BannerCarousel } from './BannerCarousel';

const banners: Banner[] = [
  {
    image: 'data:image/svg+xml,a',
    title: 'Summer in Europe',
    link: '/2/89880000000000000002?type=Europe',
    backgroundColor: '',
  },
  {
    image: 'data:image/svg+xml,b',
    title: 'Unlimited week',
    link: 'https://shop.example.com/unlimited',
    backgroundColor: '#6C5CE7',
  },
  {
    image: 'data:image/svg+xml,c',
    title: 'Script banner',
    link: 'javascript:alert(1)',
    backgroundColor: 'red;background:url(x)',
  },
];

const slide = () => screen.getByTestId('banner-slide');
const region = () => screen.getByTestId('banner-carousel');

async function show(list: Banner[] = banners, lang = 'en') {
  // The card list screen, with the router's location shown.
  await renderRemote(<BannerCarousel banners={list} position={CARD_LIST_ACTIVITY_POSITION} />, {
    route: '/eshop/card/list',
    showLocation: true,
    i18n: { lang, namespaces: [remote, moreText] },
  });
}

describe('banner carousel', () => {
  let api: CallsHandle;
  beforeEach(() => {
    api = stubCalls({ event: null });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('autoplays to the next banner, wraps around, and pauses while hovered', async () => {
    jest.useFakeTimers();
    await show();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    expect(slide()).toHaveAccessibleName('1 of 3');
    expect(within(slide()).getByRole('img')).toHaveAccessibleName('Summer in Europe');
    await act(() => jest.advanceTimersByTimeAsync(AUTOPLAY_MS));
    expect(slide()).toHaveAccessibleName('2 of 3');
    expect(within(slide()).getByRole('img')).toHaveAccessibleName('Unlimited week');
    await act(() => jest.advanceTimersByTimeAsync(AUTOPLAY_MS * 2));
    expect(slide()).toHaveAccessibleName('1 of 3');

    await user.hover(region());
    act(() => void jest.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(slide()).toHaveAccessibleName('1 of 3');
    await user.unhover(region());
    await act(() => jest.advanceTimersByTimeAsync(AUTOPLAY_MS));
    expect(slide()).toHaveAccessibleName('2 of 3');
  });

  describe("the next banner's picture", () => {
    let decoded: string[];
    beforeEach(() => {
      decoded = [];
      // jsdom decodes nothing: what the carousel (and React's transition) ask to decode, in order.
      Object.defineProperty(HTMLImageElement.prototype, 'decode', {
        configurable: true,
        value(this: HTMLImageElement) {
          decoded.push(this.getAttribute('src') ?? '');
          return Promise.resolve();
        },
      });
    });
    afterEach(() => {
      delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
      Object.defineProperty(navigator, 'connection', { configurable: true, value: undefined });
    });

    it('is made ready while the current one shows, and again after each turn', async () => {
      jest.useFakeTimers();
      await show();
      expect(decoded).not.toContain('data:image/svg+xml,b');
      // Once the browser is idle (jsdom has no requestIdleCallback: the next task).
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(decoded).toEqual(['data:image/svg+xml,b']);
      await act(() => jest.advanceTimersByTimeAsync(AUTOPLAY_MS));
      expect(slide()).toHaveAccessibleName('2 of 3');
      expect(decoded).not.toContain('data:image/svg+xml,c');
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(decoded).toContain('data:image/svg+xml,c');
      // The last one's next is the first again.
      await act(() => jest.advanceTimersByTimeAsync(AUTOPLAY_MS));
      expect(slide()).toHaveAccessibleName('3 of 3');
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(decoded).toContain('data:image/svg+xml,a');
    });

    it('is not fetched ahead with the data saver on', async () => {
      Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
      jest.useFakeTimers();
      await show();
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(decoded).toEqual([]);
    });

    it('is not asked for when there is one banner', async () => {
      jest.useFakeTimers();
      await show(banners.slice(0, 1));
      await act(() => jest.advanceTimersByTimeAsync(AUTOPLAY_MS));
      expect(decoded).toEqual([]);
    });
  });

  it('does not autoplay when the user prefers reduced motion', async () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query.includes('reduce'), media: query }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    jest.useFakeTimers();
    await show();
    act(() => void jest.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(slide()).toHaveAccessibleName('1 of 3');
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: undefined });
  });

  it('has labelled previous and next buttons that wrap, and dots showing the position', async () => {
    await show();
    expect(region()).toHaveAccessibleName('Offers');
    await userEvent.click(screen.getByRole('button', { name: 'Previous offer' }));
    expect(slide()).toHaveAccessibleName('3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next offer' }));
    expect(slide()).toHaveAccessibleName('1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next offer' }));
    const dots = screen.getByTestId('banner-dots').children;
    expect(dots).toHaveLength(3);
    expect(Array.from(dots).map((dot) => dot.hasAttribute('data-current'))).toEqual([false, true, false]);
    // Keyboard: the arrows are buttons in the tab order.
    screen.getByRole('button', { name: 'Next offer' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(slide()).toHaveAccessibleName('3 of 3');
  });

  it.each([
    ['en', 'left', 'right'],
    ['ar', 'right', 'left'],
    ['he', 'right', 'left'],
  ])('in %s the previous arrow points %s and the next one %s (the reading direction)', async (lang, back, on) => {
    await show(banners, lang);
    // Previous first, at the inline start (the right in a right-to-left page), next at the end.
    const [previous, next] = within(region()).getAllByRole('button');
    expect(previous!.querySelector('svg')).toHaveAttribute('data-points', back);
    expect(next!.querySelector('svg')).toHaveAttribute('data-points', on);
    await userEvent.click(previous!);
    expect(slide()).toHaveAccessibleName(/3/);
  });

  it('a swipe shows the next or previous banner; a short touch is not a swipe', async () => {
    await show();
    fireEvent.touchStart(region(), { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(region(), { changedTouches: [{ clientX: 200 }] });
    expect(slide()).toHaveAccessibleName('2 of 3');
    fireEvent.touchStart(region(), { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(region(), { changedTouches: [{ clientX: 220 }] });
    expect(slide()).toHaveAccessibleName('2 of 3');
    fireEvent.touchStart(region(), { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(region(), { changedTouches: [{ clientX: 250 }] });
    expect(slide()).toHaveAccessibleName('1 of 3');
  });

  it('follows the banner colour, #FFAC79 by default and for anything but a plain colour', async () => {
    await show();
    expect(region()).toHaveStyle({ backgroundColor: '#FFAC79' });
    await userEvent.click(screen.getByRole('button', { name: 'Next offer' }));
    expect(region()).toHaveStyle({ backgroundColor: '#6C5CE7' });
    await userEvent.click(screen.getByRole('button', { name: 'Next offer' }));
    expect(region()).toHaveStyle({ backgroundColor: '#FFAC79' });
  });

  it('a tap reports an event named after the banner and opens a site link in the app', async () => {
    await show();
    await userEvent.click(screen.getByRole('link', { name: 'Summer in Europe' }));
    await act(async () => undefined);
    expect(api.calls).toEqual([
      expect.objectContaining({
        path: '/eshop/api/event',
        body: { name: 'Summer in Europe', position: CARD_LIST_ACTIVITY_POSITION, link: banners[0]!.link },
      }),
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/2/89880000000000000002?type=Europe');
  });

  it('opens an http(s) link in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Next offer' }));
    await userEvent.click(screen.getByRole('link', { name: 'Unlimited week' }));
    expect(open).toHaveBeenCalledWith('https://shop.example.com/unlimited', '_blank', 'noopener,noreferrer');
    expect(api.calls[0]?.body).toMatchObject({ name: 'Unlimited week' });
    expect(screen.getByTestId('location')).toHaveTextContent('/eshop/card/list');
  });

  it('drops an unsafe link: the banner shows but opens nothing and reports nothing', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await show([banners[2]!]);
    expect(screen.getByRole('img', { name: 'Script banner' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('img', { name: 'Script banner' }));
    expect(open).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
    // A single banner has no arrows.
    expect(screen.queryByRole('button', { name: 'Next offer' })).not.toBeInTheDocument();
  });

  it('renders nothing without banners', async () => {
    await show([]);
    expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
  });
});
