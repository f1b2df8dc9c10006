import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { type RecallItem } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { RecallDialog } from './RecallDialog';

const READY = '89880000000000000002';
const recall: RecallItem = {
  id: 12,
  image: 'data:image/svg+xml,r',
  title: 'Free 30-day data plan for affected SIM holders',
  link: 'https://example.com/recall',
};

/** The card list screen, with the router's location shown. */
const renderActivity = (ui: ReactElement) =>
  renderRemote(ui, { route: '/eshop/card/list', showLocation: true, i18n: { namespaces: [remote, moreText] } });

describe('recall dialog', () => {
  it('offers the free 30-day plan through the external shop link, in a new tab', async () => {
    const api = stubCalls({});
    const onClose = jest.fn();
    await renderActivity(<RecallDialog items={[recall]} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'A free 30-day data plan for you' });
    expect(dialog).toHaveTextContent('free 30-day data plan in our shop');
    expect(within(dialog).getByRole('heading', { name: recall.title })).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: /Get my free plan/ });
    expect(link).toHaveAttribute('href', 'https://example.com/recall');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(api.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('with a card, the shop link comes from linkData (it carries the ICCID)', async () => {
    const api = stubCalls({ activityLinkData: { link: `https://example.com/recall?iccid=${READY}` } });
    await renderActivity(<RecallDialog items={[recall]} iccid={READY} onClose={() => undefined} />);
    await act(async () => undefined);
    expect(api.calls).toEqual([
      expect.objectContaining({ path: '/eshop/message/activity/linkData', body: { id: 12, iccid: READY } }),
    ]);
    expect(screen.getByRole('link', { name: /Get my free plan/ })).toHaveAttribute(
      'href',
      `https://example.com/recall?iccid=${READY}`,
    );
  });

  it('drops an unsafe link and renders nothing for an empty list', async () => {
    stubCalls({});
    const view = await renderActivity(
      <RecallDialog items={[{ ...recall, link: 'javascript:alert(1)' }]} onClose={() => undefined} />,
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    view.unmount();
    await renderActivity(<RecallDialog items={[]} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
