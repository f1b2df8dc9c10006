import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { getBus, type EventMap } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { FloatGift, SupportButton } from './FloatingButtons';

const READY = '89880000000000000002';

/** The card list screen, with the router's location shown. */
const renderActivity = (ui: ReactElement) =>
  renderRemote(ui, { route: '/eshop/card/list', showLocation: true, i18n: { namespaces: [remote, moreText] } });

describe('floating gift', () => {
  afterEach(() => jest.restoreAllMocks());

  it('opens the first float item with a safe link in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await renderActivity(
      <FloatGift
        items={[
          { image: 'data:image/svg+xml,x', link: 'javascript:alert(1)' },
          { image: 'data:image/svg+xml,g', link: 'https://example.com/gift' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open your gift' }));
    expect(open).toHaveBeenCalledWith('https://example.com/gift', '_blank', 'noopener,noreferrer');
  });

  it('shows nothing when no item has a safe link', async () => {
    await renderActivity(<FloatGift items={[{ image: 'x', link: 'data:text/html,hi' }]} />);
    expect(screen.queryByRole('button', { name: 'Open your gift' })).not.toBeInTheDocument();
  });

  it('asks linkData for the link when the gift needs the card', async () => {
    const api = stubCalls({ activityLinkData: { link: `/2/${READY}?gift=1` } });
    await renderActivity(<FloatGift items={[{ id: 5, image: 'x', link: 'https://example.com/gift' }]} iccid={READY} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open your gift' }));
    // The router moves after the answer arrives: on a busy machine that is more than one tick away.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/2/${READY}?gift=1`));
    expect(api.calls).toEqual([
      expect.objectContaining({ path: '/eshop/message/activity/linkData', body: { id: 5, iccid: READY } }),
    ]);
  });
});

describe('floating support button', () => {
  function listen() {
    const requests: Array<EventMap['support:open']> = [];
    const off = getBus().subscribe('support:open', (request) => requests.push(request));
    return { requests, off };
  }

  it("publishes support:open with the user's e-mail", async () => {
    const { requests, off } = listen();
    await renderActivity(<SupportButton email="demo@example.com" iccid={READY} />);
    await userEvent.click(screen.getByRole('button', { name: 'Contact customer support' }));
    expect(requests).toEqual([{ email: 'demo@example.com' }]);
    off();
  });

  it('passes the ICCID along when nobody is logged in', async () => {
    const { requests, off } = listen();
    await renderActivity(<SupportButton email={null} iccid={READY} />);
    await userEvent.click(screen.getByRole('button', { name: 'Contact customer support' }));
    expect(requests).toEqual([{ iccid: READY }]);
    off();
  });
});
